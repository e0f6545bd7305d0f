"""Pairs of spec versions, each judged by `restspec diff` and by Optic on the two OpenAPI
documents `restspec openapi` writes: both must give the expected verdict (breaking or
compatible). The changes are ones OpenAPI can express (quota groups and conventions it
cannot). Each pair edits a copy of tests/fixtures/extends_house (which extends house_base).

Usage: optic_pairs.py RESTSPEC OPTIC WORKDIR
"""

import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
RESTSPEC, OPTIC, WORK = sys.argv[1], sys.argv[2], Path(sys.argv[3])

ADD_DELETE = """  delete_task:
    method: DELETE
    path: /tasks/{task-id}
    summary: Delete Task
    errors: [not_found]
"""

# (name, file, old text, new text, breaking?)
PAIRS = [
    ("endpoint removed", "tasks.yaml",
     "  get_task:\n    method: GET\n    path: /tasks/{task-id}\n    summary: Get Task\n    response: TaskInfo\n    errors: [not_found]\n",
     "", True),
    ("endpoint added", "tasks.yaml", "\ntypes:\n", "\n" + ADD_DELETE + "\ntypes:\n", False),
    ("path changed", "tasks.yaml", "    path: /tasks/{task-id}\n    summary: Get Task",
     "    path: /tasks/{task-id}/detail\n    summary: Get Task", True),
    ("response field removed", "tasks.yaml", "      title: { type: string }\n", "", True),
    ("optional field added", "tasks.yaml", "      title: { type: string }\n",
     "      title: { type: string }\n      due: { type: string, optional: true }\n", False),
    ("required request field added", "tasks.yaml", "      title: { type: string }\n",
     "      title: { type: string }\n      priority: { type: integer }\n", True),
    ("success status changed", "tasks.yaml", "    status: 201\n", "    status: 200\n", True),
    ("error status added", "tasks.yaml", "    response: TaskInfo\n    errors: [not_found]\n",
     "    response: TaskInfo\n    errors: [not_found, conflict]\n", False),
]


def copy(to: Path) -> Path:
    for name in ("house_base", "extends_house"):
        shutil.copytree(REPO / "tests/fixtures" / name, to / name)
    return to / "extends_house"


def breaking(cmd: list) -> bool:
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode not in (0, 1):
        sys.exit(f"{' '.join(cmd)} failed ({result.returncode}):\n{result.stdout}{result.stderr}")
    return result.returncode == 1


failures = 0
for index, (name, file, old, new, expected) in enumerate(PAIRS):
    root = WORK / f"pair{index}"
    shutil.rmtree(root, ignore_errors=True)
    before, after = copy(root / "old"), copy(root / "new")
    text = (after / file).read_text()
    if old not in text:
        sys.exit(f"{name}: the fixture no longer contains the text to edit")
    (after / file).write_text(text.replace(old, new, 1))
    documents = []
    for spec in (before, after):
        out = spec.parent / "openapi.json"
        subprocess.run([RESTSPEC, "openapi", str(spec), "-o", str(out)], check=True, capture_output=True)
        documents.append(str(out))
    ours = breaking([RESTSPEC, "diff", str(before), str(after), "--format", "json"])
    optic = breaking([OPTIC, "diff", documents[0], documents[1], "--check"])
    verdict = lambda b: "breaking" if b else "compatible"
    ok = ours == expected and optic == expected
    failures += not ok
    print(f"{'ok  ' if ok else 'FAIL'} {name}: expected {verdict(expected)}, restspec diff {verdict(ours)}, Optic {verdict(optic)}")

print(f"{len(PAIRS) - failures} of {len(PAIRS)} pairs agree")
sys.exit(1 if failures else 0)

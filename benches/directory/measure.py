#!/usr/bin/env python3
"""Imports every document of the public API directory (or a fixed sample) with
`restspec import --report`, and tells what share of its operations the spec carries.

An operation is carried *on the wire* when no loss that changes the wire touches it, and
*faithfully* when no loss at all does. A loss touches an operation when it is inside the
operation or its path item, in a schema, parameter, body or response the operation reaches
through `$ref`s, in a security scheme, or in the document's servers.

Usage: measure.py RESTSPEC DIRECTORY OUT [--sample N] [--jobs J] [--markdown FILE]
"""

import argparse
import collections
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import time

METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
# Always in the sample: the APIs the issue names, whatever their size.
PINNED = (
    "github.com/api.github.com.json",
    "stripe.com.json",
    "gitlab.com.json",
    "kubernetes.io.json",
)


def escape(segment):
    return segment.replace("~", "~0").replace("/", "~1")


def refs_in(value, found):
    """Every local $ref inside `value`, as JSON pointers."""
    if isinstance(value, dict):
        ref = value.get("$ref")
        if isinstance(ref, str) and ref.startswith("#"):
            found.add(re.sub(r"%([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), ref[1:]))
        for item in value.values():
            refs_in(item, found)
    elif isinstance(value, list):
        for item in value:
            refs_in(item, found)


def resolve(document, pointer):
    value = document
    for part in pointer.split("/")[1:]:
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return None
    return value


def reached(document, start):
    """The pointers an operation reaches through $refs, transitively."""
    seen, todo = set(), set()
    refs_in(start, todo)
    while todo:
        pointer = todo.pop()
        if pointer in seen:
            continue
        seen.add(pointer)
        target = resolve(document, pointer)
        if target is not None:
            refs_in(target, todo)
    return seen


def operations(document):
    for path, item in (document.get("paths") or {}).items():
        if not isinstance(item, dict):
            continue
        for method in METHODS:
            if isinstance(item.get(method), dict):
                yield path, method, item


def prefixes(pointers):
    """Every pointer each of `pointers` is at or under (`/a/b` is under `/a`): a place is
    touched by a loss when it is one of them, looked up in a set instead of compared with
    every loss (Microsoft Graph has tens of thousands, and its operations reach thousands
    of schemas through their discriminators)."""
    out = set()
    for pointer in pointers:
        parts = pointer.split("/")
        for end in range(1, len(parts) + 1):
            out.add("/".join(parts[:end]))
    return out


def verdicts(document, losses):
    """(on the wire, faithfully) for each operation."""
    wire = [l["pointer"] for l in losses if l["severity"] == "wire"]
    every = [l["pointer"] for l in losses]
    # A lost base path moves every operation; that only the first of several servers is
    # kept describes the document, not an operation.
    everywhere = ("/servers", "/components/securitySchemes")
    every = [p for p in every if not p.startswith("/servers") or p in wire]
    wire_anywhere = any(p.startswith(everywhere) for p in wire)
    every_anywhere = any(p.startswith(everywhere) for p in every)
    wire_at, every_at = prefixes(wire), prefixes(every)
    out = []
    for path, method, item in operations(document):
        own = "/paths/" + escape(path) + "/" + method
        shared = "/paths/" + escape(path) + "/parameters"
        places = [own, shared] + sorted(reached(document, {"o": item[method], "p": item.get("parameters")}))
        touched_wire = wire_anywhere or any(place in wire_at for place in places)
        touched_every = every_anywhere or any(place in every_at for place in places)
        out.append((not touched_wire, not touched_every))
    return out


def body_kinds(document, item, method):
    """Whether an operation's bodies are all JSON or forms (or none): its request body and
    responses, followed through their `$ref`s (Microsoft Graph's `$count` answers are a
    shared `text/plain` response)."""
    operation = item[method]

    def followed(value):
        for _ in range(8):
            if not (isinstance(value, dict) and isinstance(value.get("$ref"), str)):
                break
            value = resolve(document, value["$ref"][1:])
        return value if isinstance(value, dict) else {}

    media = []
    body = followed(operation.get("requestBody"))
    media += list((body.get("content") or {}).keys())
    for response in (operation.get("responses") or {}).values():
        media += list((followed(response).get("content") or {}).keys())

    def plain(m):
        m = m.split(";")[0].strip().lower()
        return m == "application/json" or m.endswith("+json") or m == "application/x-www-form-urlencoded"

    return all(plain(m) for m in media)


def sample(documents, size):
    """A fixed sample spread over sizes: every k-th document by size, plus the pinned ones."""
    by_size = sorted(documents, key=lambda d: (os.path.getsize(d[1]), d[0]))
    step = max(1, len(by_size) // max(1, size - len(PINNED)))
    chosen = {name for name, _ in by_size[::step][: size - len(PINNED)]}
    chosen |= {name for name, _ in documents if name in PINNED}
    return [d for d in documents if d[0] in chosen]


def import_one(restspec, directory, out, name):
    document = os.path.join(directory, name)
    key = name.replace("/", "__")
    spec = os.path.join(out, key + ".spec")
    report = os.path.join(out, key + ".report.json")
    started = time.monotonic()
    try:
        run = subprocess.run(
            [restspec, "import", document, "-o", spec, "--force", "--report", report],
            capture_output=True,
            text=True,
            timeout=600,
        )
        status, errors = run.returncode, [l for l in run.stderr.splitlines() if not l.startswith("warning")]
    except subprocess.TimeoutExpired:
        status, errors = "timeout", []
    seconds = time.monotonic() - started
    with open(document) as f:
        parsed = json.load(f)
    losses, trip = [], None
    if os.path.exists(report):
        with open(report) as f:
            written = json.load(f)
        losses, trip = written["losses"], written.get("round_trip")
    return name, status, errors, seconds, parsed, losses, trip


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("restspec")
    parser.add_argument("directory", help="the package's api/ folder")
    parser.add_argument("out", help="where the imported specs and reports go")
    parser.add_argument("--sample", type=int, default=0, help="a fixed sample of this many documents")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--markdown", help="write the table to this file too")
    args = parser.parse_args()

    documents = []
    for root, _, files in os.walk(args.directory):
        for file in files:
            if file.endswith((".json", ".yaml")):
                path = os.path.join(root, file)
                documents.append((os.path.relpath(path, args.directory), path))
    documents.sort()
    if args.sample:
        documents = sample(documents, args.sample)
    os.makedirs(args.out, exist_ok=True)
    started = time.monotonic()
    totals = collections.Counter()
    categories = collections.Counter()
    trip_categories = collections.Counter()
    # Operations whose only difference on the wire is of one category: what each would
    # bring by itself.
    trip_sole = collections.Counter()
    failures = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        jobs = [pool.submit(import_one, args.restspec, args.directory, args.out, name) for name, _ in documents]
        for done, job in enumerate(concurrent.futures.as_completed(jobs), 1):
            name, status, errors, seconds, parsed, losses, trip = job.result()
            if done % 200 == 0:
                print(f"measure.py: {done} of {len(documents)} documents", file=sys.stderr)
            totals["documents"] += 1
            totals["seconds"] += seconds
            if status != 0:
                failures.append((name, status, errors[:3]))
                continue
            totals["checks"] += 1
            results = verdicts(parsed, losses)
            ops = list(operations(parsed))
            totals["operations"] += len(results)
            totals["on_wire"] += sum(w for w, _ in results)
            totals["faithful"] += sum(f for _, f in results)
            for (path, method, item), (w, f) in zip(ops, results):
                if body_kinds(parsed, item, method):
                    totals["plain_operations"] += 1
                    totals["plain_on_wire"] += w
                    totals["plain_faithful"] += f
            if all(w for w, _ in results):
                totals["documents_on_wire"] += 1
            if trip:
                totals["trip_operations"] += trip["operations"]
                totals["trip_on_wire"] += trip["on_wire"]
                totals["trip_faithful"] += trip["faithful"]
                plain = {(p, m) for p, m, item in ops if body_kinds(parsed, item, m)}
                for verdict in trip["verdicts"]:
                    wire = {d["category"] for d in verdict["differences"] if d["kind"] == "wire"}
                    if len(wire) == 1:
                        trip_sole[wire.pop()] += 1
                    if (verdict["path"], verdict["method"]) in plain:
                        totals["trip_plain"] += 1
                        totals["trip_plain_on_wire"] += verdict["on_wire"]
                        totals["trip_plain_faithful"] += verdict["faithful"]
                if trip["on_wire"] == trip["operations"]:
                    totals["trip_documents_on_wire"] += 1
                for kind in ("wire", "faithful"):
                    for entry in trip[kind + "_differences"]:
                        trip_categories[(entry["category"], kind)] += entry["operations"]
            for category in {(l["category"], l["severity"]) for l in losses}:
                categories[category] += 1
    wall = time.monotonic() - started

    def share(part, whole):
        # Floored, so that a share shown as a target (99.0 %) is one reached.
        return f"{int(1000 * part / whole) / 10:.1f} %" if whole else "-"

    trip = [
        f"| operations compared | {totals['trip_operations']} |",
        f"| on the wire | {totals['trip_on_wire']} ({share(totals['trip_on_wire'], totals['trip_operations'])}) |",
        f"| faithfully | {totals['trip_faithful']} ({share(totals['trip_faithful'], totals['trip_operations'])}) |",
        f"| operations with JSON or form bodies only | {totals['trip_plain']} |",
        f"| of those, on the wire | {totals['trip_plain_on_wire']} ({share(totals['trip_plain_on_wire'], totals['trip_plain'])}) |",
        f"| of those, faithfully | {totals['trip_plain_faithful']} ({share(totals['trip_plain_faithful'], totals['trip_plain'])}) |",
        f"| documents whose every operation is on the wire | {totals['trip_documents_on_wire']} ({share(totals['trip_documents_on_wire'], totals['documents'])}) |",
    ]
    lines = [
        f"| documents | {totals['documents']} |",
        f"| imported, the spec checks | {totals['checks']} ({share(totals['checks'], totals['documents'])}) |",
        f"| documents carried whole on the wire | {totals['documents_on_wire']} ({share(totals['documents_on_wire'], totals['documents'])}) |",
        f"| operations (of documents that import) | {totals['operations']} |",
        f"| on the wire | {totals['on_wire']} ({share(totals['on_wire'], totals['operations'])}) |",
        f"| faithfully | {totals['faithful']} ({share(totals['faithful'], totals['operations'])}) |",
        f"| operations with JSON or form bodies only | {totals['plain_operations']} |",
        f"| of those, on the wire | {share(totals['plain_on_wire'], totals['plain_operations'])} |",
        f"| of those, faithfully | {share(totals['plain_faithful'], totals['plain_operations'])} |",
        f"| import time, all documents ({args.jobs} jobs) | {wall:.0f} s wall, {totals['seconds']:.0f} s in all |",
    ]
    table = (
        "Round trip (`restspec openapi` of each imported spec against the original):\n\n"
        + "| measure | value |\n|---|---|\n" + "\n".join(trip)
        + "\n\nThe import's own account (its losses, attributed to the operations they touch):\n\n"
        + "| measure | value |\n|---|---|\n" + "\n".join(lines)
    )
    trip_table = "| what differs after the round trip | kind | operations |\n|---|---|---|\n" + "\n".join(
        f"| {category} | {kind} | {count} |" for (category, kind), count in trip_categories.most_common(30)
    )
    sole_table = "| the one difference left on the wire | operations |\n|---|---|\n" + "\n".join(
        f"| {category} | {count} |" for category, count in trip_sole.most_common(12)
    )
    blockers = "| what is lost | kind | documents |\n|---|---|---|\n" + "\n".join(
        f"| {category} | {severity} | {count} |" for (category, severity), count in categories.most_common(30)
    )
    print(table)
    print()
    print(blockers)
    print()
    print(trip_table)
    print()
    print(sole_table)
    for name, status, errors in failures:
        print(f"failed: {name} ({status}): {' / '.join(errors)}", file=sys.stderr)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(table + "\n\n" + trip_table + "\n\n" + sole_table + "\n\n" + blockers + "\n")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

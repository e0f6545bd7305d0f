"""python-gitlab (PyPI), a published client library of GitLab, against the gitlab-subset example.

Run by .ci/gitlab-clients with the service's base URL (no /api/v4) as argv[1], or in
GITLAB_URL. Uses the library as its users do, unchanged: authentication (PRIVATE-TOKEN,
Bearer, ?private_token=), users, projects, issues with their pagination and filters,
notes, labels, merge requests, typed errors, rate-limit headers. Every step prints
`ok - ...` or `not ok - ...: detail` and the run goes on; the last line counts them, and
the exit status is 1 if any failed. Names carry a random suffix, so the scenario can run
again and again against the same service.
"""

import os
import secrets
import sys
import traceback
import warnings

import gitlab
from gitlab.exceptions import (
    GitlabAuthenticationError,
    GitlabCreateError,
    GitlabGetError,
    GitlabHttpError,
)

# python-gitlab reports what it finds wrong in a server's pagination (a list cut at
# per_page without a Link or X-Total) and in its URLs (a web_url or Link on another base)
# as UserWarnings, through gitlab.utils.warn, which attributes them to the calling line of
# this script. Those become errors here, so that such a step fails.
warnings.filterwarnings("error", category=UserWarning, module=r"gitlab(\.|$)")
warnings.filterwarnings("error", category=UserWarning, module="__main__")

BASE = (sys.argv[1] if len(sys.argv) > 1 else os.environ.get("GITLAB_URL", "")).rstrip("/")
if not BASE:
    sys.exit("usage: python_gitlab_scenario.py http://HOST:PORT (or GITLAB_URL)")
SUFFIX = secrets.token_hex(3)
TIMEOUT = 30

USER_KEYS = ("id", "username", "name", "state", "avatar_url", "web_url")
PROJECT_KEYS = (
    "id", "name", "path", "path_with_namespace", "name_with_namespace", "description",
    "default_branch", "visibility", "web_url", "created_at", "updated_at", "namespace",
    "topics", "open_issues_count", "archived",
)
ISSUE_KEYS = (
    "id", "iid", "project_id", "title", "description", "state", "labels", "author",
    "assignee", "assignees", "created_at", "updated_at", "closed_at", "web_url",
    "user_notes_count", "references",
)
NOTE_KEYS = (
    "id", "body", "author", "noteable_id", "noteable_iid", "noteable_type", "project_id",
    "system", "created_at", "updated_at",
)
LABEL_KEYS = ("id", "name", "color", "description")
MR_KEYS = (
    "id", "iid", "project_id", "title", "description", "state", "source_branch",
    "target_branch", "author", "web_url",
)

count = 0
failed = 0
state = {}  # what one step leaves for the next ones


def check(what):
    """Runs the decorated step at once: ok if it returns, not ok if it raises."""

    def run(step):
        global count, failed
        count += 1
        try:
            step()
        except Exception as err:  # noqa: BLE001 - every failure is reported, then the run goes on
            failed += 1
            detail = f"{type(err).__name__}: {err}".strip().replace("\n", " ")
            print(f"not ok - {what}: {detail[:500]}")
            if os.environ.get("VERBOSE"):
                traceback.print_exc()
        else:
            print(f"ok - {what}")
        sys.stdout.flush()
        return step

    return run


def expect(condition, detail):
    if not condition:
        raise AssertionError(detail)


def need(name):
    if name not in state:
        raise AssertionError(f"skipped: an earlier step did not produce {name!r}")
    return state[name]


def has_keys(obj, keys):
    """Every key reads as an attribute (python-gitlab raises AttributeError for an absent one)."""
    missing = []
    for key in keys:
        try:
            getattr(obj, key)
        except AttributeError:
            missing.append(key)
    expect(not missing, f"missing keys {missing} in {type(obj).__name__}")


def raises(exc_type, call, *codes):
    """call() raises exc_type with one of the response codes; returns the exception."""
    try:
        result = call()
    except exc_type as err:
        expect(err.response_code in codes, f"response_code {err.response_code}, expected {codes}: {err}")
        return err
    raise AssertionError(f"no {exc_type.__name__} raised; got {result!r}")


def client(**auth):
    return gitlab.Gitlab(BASE, timeout=TIMEOUT, **auth)


gl = client(private_token="alice-token")
anon = client()


# --- the service, authentication, users ---


@check("GET /version: gl.version() reads version and revision")
def _():
    version, revision = gl.version()
    expect(version != "unknown" and isinstance(version, str), f"version {version!r}")
    expect(revision != "unknown" and isinstance(revision, str), f"revision {revision!r}")


@check("private_token (PRIVATE-TOKEN header): gl.auth() is alice, with every user key")
def _():
    gl.auth()
    user = gl.user
    expect(user.username == "alice", f"username {user.username!r}")
    expect(user.id == 1 and user.name == "Alice Liddell", f"id {user.id!r}, name {user.name!r}")
    has_keys(user, USER_KEYS)
    expect(user.web_url.startswith(BASE + "/"), f"web_url {user.web_url!r} not on {BASE}")


@check("oauth_token (Authorization: Bearer): GET /user is alice")
def _():
    bearer = client(oauth_token="alice-token")
    bearer.auth()
    expect(bearer.user.username == "alice", f"username {bearer.user.username!r}")


@check("?private_token= in the query: GET /user is alice")
def _():
    me = anon.http_get("/user", query_data={"private_token": "alice-token"})
    expect(isinstance(me, dict) and me.get("username") == "alice", f"got {me!r}")


@check("bob's token: GET /user is bob")
def _():
    bob = client(private_token="bob-token")
    bob.auth()
    expect(bob.user.username == "bob" and bob.user.id == 2, f"got {bob.user.username!r}/{bob.user.id!r}")


@check("GET /users?username=bob: exactly bob, with every user key")
def _():
    users = gl.users.list(username="bob")
    expect([u.username for u in users] == ["bob"], f"got {[u.username for u in users]}")
    expect(users[0].name == "Bob Builder" and users[0].id == 2, f"got {users[0].name!r}/{users[0].id!r}")
    has_keys(users[0], USER_KEYS)


@check("GET /users?search=ali finds alice and not bob")
def _():
    names = [u.username for u in gl.users.list(search="ali", get_all=True)]
    expect("alice" in names and "bob" not in names, f"got {names}")


@check("anonymous GET /projects (get_all): public projects only, alice/seed among them")
def _():
    projects = anon.projects.list(get_all=True)
    paths = [p.path_with_namespace for p in projects]
    expect("alice/seed" in paths, f"alice/seed not in {paths}")
    private = [p.path_with_namespace for p in projects if p.visibility != "public"]
    expect(not private, f"not public: {private}")


@check("anonymous GET /projects/alice%2Fseed: the public seed project")
def _():
    seed = anon.projects.get("alice/seed")
    expect(seed.id == 1 and seed.name == "seed" and seed.visibility == "public",
           f"got {seed.id!r}/{seed.name!r}/{seed.visibility!r}")


@check("anonymous GET /user: GitlabAuthenticationError 401")
def _():
    err = raises(GitlabAuthenticationError, anon.auth, 401)
    expect("401" in str(err.error_message), f"error_message {err.error_message!r}")


@check("anonymous POST /projects: GitlabAuthenticationError 401")
def _():
    raises(GitlabAuthenticationError, lambda: anon.projects.create({"name": f"anon {SUFFIX}"}), 401)


@check("unknown PRIVATE-TOKEN on an anonymous-readable route (GET /projects): 401")
def _():
    raises(GitlabAuthenticationError, lambda: client(private_token="no-such-token").projects.list(), 401)


@check("unknown Bearer token on GET /projects/1: 401")
def _():
    raises(GitlabAuthenticationError, lambda: client(oauth_token="no-such-token").projects.get(1), 401)


@check("RateLimit-Limit, -Remaining, -Reset on GET /projects, Content-Type application/json")
def _():
    headers = gl.http_request("get", "/projects").headers
    absent = [h for h in ("RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset") if h not in headers]
    expect(not absent, f"absent: {absent}")
    expect(headers.get("Content-Type") == "application/json", f"Content-Type {headers.get('Content-Type')!r}")


# --- projects ---

PROJECT_NAME = f"PG demo {SUFFIX}"
PROJECT_PATH = f"pg-demo-{SUFFIX}"
FULL_PATH = f"alice/{PROJECT_PATH}"


@check("POST /projects name='PG demo <suffix>': path alice/pg-demo-<suffix>, every project key")
def _():
    project = gl.projects.create({"name": PROJECT_NAME})
    state["project_id"] = project.id
    has_keys(project, PROJECT_KEYS)
    expect(project.name == PROJECT_NAME, f"name {project.name!r}")
    expect(project.path == PROJECT_PATH, f"path {project.path!r}")
    expect(project.path_with_namespace == FULL_PATH, f"path_with_namespace {project.path_with_namespace!r}")
    expect(isinstance(project.namespace, dict), f"namespace {project.namespace!r}")
    expect(project.description is None, f"description {project.description!r}")
    expect(project.web_url.startswith(BASE + "/"), f"web_url {project.web_url!r} not on {BASE}")


@check("POST /projects with the same name again: GitlabCreateError 400 (or 409)")
def _():
    need("project_id")
    raises(GitlabCreateError, lambda: gl.projects.create({"name": PROJECT_NAME}), 400, 409)


@check("GET /projects/:id: the new project")
def _():
    project = gl.projects.get(need("project_id"))
    expect(project.path_with_namespace == FULL_PATH, f"got {project.path_with_namespace!r}")


@check("GET /projects/alice%2Fpg-demo-<suffix>: the same project by its path")
def _():
    project = gl.projects.get(FULL_PATH)
    expect(project.id == need("project_id"), f"id {project.id!r}")
    state["project"] = project


@check("project.save() sets the description, and it reads back")
def _():
    project = gl.projects.get(need("project_id"))
    project.description = f"made by python-gitlab {SUFFIX}"
    project.save()
    expect(project.description == f"made by python-gitlab {SUFFIX}", f"after save: {project.description!r}")
    again = gl.projects.get(project.id)
    expect(again.description == f"made by python-gitlab {SUFFIX}", f"read back: {again.description!r}")


@check("project.save() with description None: null in the JSON, and it reads back null")
def _():
    project = gl.projects.get(need("project_id"))
    project.description = None
    project.save()
    expect(project.description is None, f"after save: {project.description!r}")
    again = gl.projects.get(project.id)
    expect("description" in again.attributes, "no description key")
    expect(again.description is None, f"read back: {again.description!r}")


# --- issues ---

WORDS = ("alpha", "bravo", "charlie", "delta", "echo")
BUG = f"pg-bug-{SUFFIX}"


@check("POST /projects/:id/issues five times: iids 1..5, labels as a list and as a string")
def _():
    project = need("project")
    created = []
    for i, word in enumerate(WORDS, start=1):
        data = {"title": f"{word} {SUFFIX}", "description": f"issue {i} of the python-gitlab scenario"}
        if i == 1:
            data["labels"] = [BUG]
        elif i == 2:
            data["labels"] = BUG
        created.append(project.issues.create(data))
    iids = [issue.iid for issue in created]
    expect(iids == [1, 2, 3, 4, 5], f"iids {iids}")
    expect(created[0].labels == [BUG] and created[1].labels == [BUG], f"labels {created[0].labels}/{created[1].labels}")
    expect(all(issue.state == "opened" for issue in created), "not all opened")
    expect(all(issue.project_id == project.id for issue in created), "project_id differs")
    state["iids"] = iids


@check("an issue has every key, author alice, web_url on the base URL")
def _():
    need("iids")
    issue = need("project").issues.get(5)
    has_keys(issue, ISSUE_KEYS)
    expect(issue.author["username"] == "alice", f"author {issue.author!r}")
    expect(issue.closed_at is None and issue.assignee is None, f"closed_at {issue.closed_at!r}, assignee {issue.assignee!r}")
    expect(issue.web_url.startswith(BASE + "/"), f"web_url {issue.web_url!r}")


@check("GET issues per_page=2, get_all=True: the five, through every page")
def _():
    issues = need("project").issues.list(per_page=2, get_all=True)
    expect(sorted(i.iid for i in issues) == need("iids"), f"iids {[i.iid for i in issues]}")


@check("GET issues per_page=2, iterator=True: total 5, total_pages 3, then all five")
def _():
    listing = need("project").issues.list(per_page=2, iterator=True)
    expect(listing.total == 5, f"total {listing.total!r}")
    expect(listing.total_pages == 3, f"total_pages {listing.total_pages!r}")
    expect(listing.per_page == 2, f"per_page {listing.per_page!r}")
    expect(listing.current_page == 1, f"current_page {listing.current_page!r}")
    expect(listing.next_page == 2 and listing.prev_page is None, f"next {listing.next_page!r}, prev {listing.prev_page!r}")
    expect(len(listing) == 5, f"len {len(listing)}")
    iids = sorted(issue.iid for issue in listing)
    expect(iids == need("iids"), f"iids {iids}")


@check("GET issues per_page=5, plain list(): all five, no pagination warning (X-Total is 5)")
def _():
    issues = need("project").issues.list(per_page=5)
    expect(sorted(i.iid for i in issues) == need("iids"), f"iids {[i.iid for i in issues]}")


@check("GET issues per_page=2&page=2: two issues, none of page 1's")
def _():
    project = need("project")
    first = {i.iid for i in project.issues.list(per_page=2, page=1)}
    second = {i.iid for i in project.issues.list(per_page=2, page=2)}
    expect(len(first) == 2 and len(second) == 2, f"pages {first} {second}")
    expect(not first & second, f"pages overlap: {first} {second}")


@check("GET issues?search=charlie: just that issue")
def _():
    found = need("project").issues.list(search="charlie", get_all=True)
    expect([i.iid for i in found] == [3], f"iids {[i.iid for i in found]}")


@check("GET /projects/:id/issues/:iid: title, state, labels")
def _():
    need("iids")
    issue = need("project").issues.get(1)
    expect(issue.iid == 1 and issue.title == f"alpha {SUFFIX}", f"got {issue.iid!r}/{issue.title!r}")
    expect(issue.state == "opened" and issue.labels == [BUG], f"got {issue.state!r}/{issue.labels!r}")


@check("issue.save() changes the title")
def _():
    need("iids")
    issue = need("project").issues.get(4)
    issue.title = f"delta renamed {SUFFIX}"
    issue.save()
    expect(issue.title == f"delta renamed {SUFFIX}", f"after save: {issue.title!r}")
    expect(need("project").issues.get(4).title == f"delta renamed {SUFFIX}", "not read back")


@check("issue.save() with state_event=close: closed, closed_at set")
def _():
    need("iids")
    issue = need("project").issues.get(5)
    issue.state_event = "close"
    issue.save()
    expect(issue.state == "closed", f"state {issue.state!r}")
    expect(issue.closed_at is not None, "closed_at is null")
    state["closed"] = 5


@check("GET issues state=closed is the closed one, state=opened the other four")
def _():
    project = need("project")
    need("closed")
    closed = [i.iid for i in project.issues.list(state="closed", get_all=True)]
    opened = sorted(i.iid for i in project.issues.list(state="opened", get_all=True))
    expect(closed == [5], f"closed {closed}")
    expect(opened == [1, 2, 3, 4], f"opened {opened}")


@check("GET issues labels=pg-bug-<suffix>: the two labelled issues")
def _():
    found = sorted(i.iid for i in need("project").issues.list(labels=[BUG], get_all=True))
    expect(found == [1, 2], f"iids {found}")


@check("GET a missing issue: GitlabGetError 404, message with 'Not Found'")
def _():
    err = raises(GitlabGetError, lambda: need("project").issues.get(9999), 404)
    expect("Not Found" in str(err.error_message), f"error_message {err.error_message!r}")


@check("POST an issue with a blank title: GitlabCreateError 400 naming title")
def _():
    err = raises(GitlabCreateError, lambda: need("project").issues.create({"title": ""}), 400)
    expect("title" in str(err.error_message), f"error_message {err.error_message!r}")


@check("POST an issue without a title: GitlabHttpError 400 naming title")
def _():
    path = need("project").issues.path
    err = raises(GitlabHttpError, lambda: gl.http_post(path, post_data={"description": "no title"}), 400)
    expect("title" in str(err.error_message), f"error_message {err.error_message!r}")


# --- notes ---


@check("POST a note on issue 1: body, noteable_type Issue, every note key")
def _():
    need("iids")
    issue = need("project").issues.get(1)
    note = issue.notes.create({"body": f"first note {SUFFIX}"})
    has_keys(note, NOTE_KEYS)
    expect(note.body == f"first note {SUFFIX}", f"body {note.body!r}")
    expect(note.noteable_type == "Issue" and note.noteable_iid == 1, f"{note.noteable_type!r}/{note.noteable_iid!r}")
    expect(note.noteable_id == issue.id and note.project_id == issue.project_id, "noteable_id or project_id differ")
    expect(note.author["username"] == "alice" and note.system is False, f"author {note.author!r}, system {note.system!r}")
    state["issue"], state["note_id"] = issue, note.id


@check("GET the issue's notes: the new note")
def _():
    notes = need("issue").notes.list(get_all=True)
    expect(need("note_id") in [n.id for n in notes], f"ids {[n.id for n in notes]}")


@check("note.save() changes the body")
def _():
    note = need("issue").notes.get(need("note_id"))
    note.body = f"edited note {SUFFIX}"
    note.save()
    expect(note.body == f"edited note {SUFFIX}", f"after save: {note.body!r}")
    expect(need("issue").notes.get(note.id).body == f"edited note {SUFFIX}", "not read back")


@check("note.delete(): gone from the list")
def _():
    issue = need("issue")
    issue.notes.get(need("note_id")).delete()
    ids = [n.id for n in issue.notes.list(get_all=True)]
    expect(need("note_id") not in ids, f"still listed: {ids}")


# --- labels ---

LABEL = f"pg good first {SUFFIX}"


@check("POST /projects/:id/labels (name with spaces, color, description): every label key")
def _():
    label = need("project").labels.create({"name": LABEL, "color": "#d9534f", "description": "made by python-gitlab"})
    has_keys(label, LABEL_KEYS)
    expect(label.name == LABEL and label.color.lower() == "#d9534f", f"got {label.name!r}/{label.color!r}")
    expect(label.description == "made by python-gitlab", f"description {label.description!r}")
    state["label_id"] = label.id


@check("GET /projects/:id/labels: the new label")
def _():
    need("label_id")
    names = [label.name for label in need("project").labels.list(get_all=True)]
    expect(LABEL in names, f"names {names}")


@check("PUT /projects/:id/labels/:label_id color=#5cb85c")
def _():
    path = f"{need('project').labels.path}/{need('label_id')}"
    label = gl.http_put(path, post_data={"color": "#5cb85c"})
    expect(label["name"] == LABEL and label["color"].lower() == "#5cb85c", f"got {label!r}")


@check("label.save() color=#0033cc (PUT /projects/:id/labels, name in the body)")
def _():
    need("label_id")
    label = next(lb for lb in need("project").labels.list(get_all=True) if lb.name == LABEL)
    label.color = "#0033cc"
    label.save()
    expect(label.color.lower() == "#0033cc", f"color {label.color!r}")


@check("labels.delete(name) (URL-encoded name): gone from the list")
def _():
    need("label_id")
    project = need("project")
    project.labels.delete(LABEL)
    names = [label.name for label in project.labels.list(get_all=True)]
    expect(LABEL not in names, f"still listed: {names}")


# --- merge requests of alice/seed ---


@check("GET /projects/alice%2Fseed/merge_requests: the seed merge request")
def _():
    mrs = gl.projects.get("alice/seed", lazy=True).mergerequests.list(get_all=True)
    found = [(mr.iid, mr.title) for mr in mrs]
    expect((1, "Seed merge request") in found, f"got {found}")


@check("GET /projects/1/merge_requests/1: branches, state, every key")
def _():
    mr = gl.projects.get(1, lazy=True).mergerequests.get(1)
    has_keys(mr, MR_KEYS)
    expect(mr.state == "opened", f"state {mr.state!r}")
    expect((mr.source_branch, mr.target_branch) == ("feature", "main"), f"branches {mr.source_branch!r}->{mr.target_branch!r}")


# --- deletions ---


@check("issue.delete(), then GET it: GitlabGetError 404")
def _():
    project = need("project")
    need("iids")
    project.issues.get(3).delete()
    raises(GitlabGetError, lambda: project.issues.get(3), 404)


@check("DELETE /projects/:id: 202 {'message': '202 Accepted'}, then GET it: 404 Project Not Found")
def _():
    project_id = need("project_id")
    response = gl.http_delete(f"/projects/{project_id}")
    expect(response.status_code == 202, f"status {response.status_code}")
    expect(response.json().get("message") == "202 Accepted", f"body {response.text!r}")
    err = raises(GitlabGetError, lambda: gl.projects.get(project_id), 404)
    expect("Project Not Found" in str(err.error_message), f"error_message {err.error_message!r}")


print(f"{count} checks, {failed} failed")
sys.exit(1 if failed else 0)

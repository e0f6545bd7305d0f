"""A published client library of the real service, pygerrit2, against the example.

Run by .ci/real-client with BASE and PASSWORD in the environment. Every step asserts
what the client sees; the first failure ends the run with a non-zero status.
"""

import os
import sys

from pygerrit2 import GerritRestAPI, HTTPBasicAuth
from requests.exceptions import HTTPError

base = os.environ["BASE"]
rest = GerritRestAPI(url=base, auth=HTTPBasicAuth("admin", os.environ["PASSWORD"]))
checks = 0


def check(what, condition):
    global checks
    if not condition:
        print(f"FAIL: {what}")
        sys.exit(1)
    checks += 1
    print(f"ok   {what}")


me = rest.get("/accounts/self")
check("GET /a/accounts/self strips the prefix and finds admin", me["_account_id"] == 1000000)

projects = rest.get("/projects/")
check("the project list is a map keyed by name", "All-Projects" in projects and "All-Users" in projects)

created = rest.put(
    "/projects/client%2Fproject",
    json={"description": "made by pygerrit2", "create_empty_commit": True},
)
check("PUT /a/projects/{name} creates a project", created["name"] == "client/project")
check("ProjectInfo.id is the URL-encoded name", created["id"] == "client%2Fproject")
check(
    "the description reads back as a JSON string",
    rest.get("/projects/client%2Fproject/description") == "made by pygerrit2",
)

try:
    rest.get("/projects/does-not-exist")
    check("an unknown project is 404", False)
except HTTPError as err:
    check("an unknown project is 404", err.response.status_code == 404)

change = rest.post(
    "/changes/",
    json={"project": "client/project", "branch": "master", "subject": "From pygerrit2"},
)
check("POST /a/changes/ creates a NEW change", change["status"] == "NEW")
check("ChangeInfo.id is <project>~<number>", change["id"] == f"client%2Fproject~{change['_number']}")

rest.put(f"/changes/{change['id']}/topic", json={"topic": "client"})
check("the topic reads back", rest.get(f"/changes/{change['id']}/topic") == "client")

rest.post(f"/changes/{change['id']}/abandon")
check("abandon without a body", rest.get(f"/changes/{change['id']}")["status"] == "ABANDONED")
rest.post(f"/changes/{change['id']}/restore")
rest.post(f"/changes/{change['id']}/submit")
check("restore, then submit", rest.get(f"/changes/{change['_number']}")["status"] == "MERGED")

found = rest.get("/changes/?q=status:merged&n=10")
check("the change query finds the merged change", any(c["_number"] == change["_number"] for c in found))

print(f"real client: all {checks} checks passed")

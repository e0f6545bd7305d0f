#!/usr/bin/env python3
"""What .ci/mocks needs to know of an OpenAPI document, read as the document says (not as
restspec imports it: the script judges the import from outside).

  mocks_doc.py setup DOC DIR     prints the base path of the document's first server (its
                                 variables at their defaults; `` when there is none) and
                                 writes DIR/schemathesis.toml, which gives the mock's one
                                 secret as every security scheme the document declares
  mocks_doc.py summary REPORT    one line from schemathesis's JSON report: operations
                                 tested, failures by code, errors

Schemathesis's OpenAPI-aware authentication (`[auth.openapi.NAME]`) sends each scheme where
the document puts it (a header, the query, a cookie, basic or bearer) on the operations
whose `security` asks for it, and knows it is the credential when `ignored_auth` takes it
away. OAuth 2 and OpenID Connect schemes carry a bearer token.
"""

import json
import re
import sys
import urllib.parse

SECRET = "mock-secret"


def toml_string(text):
    return json.dumps(text)


def base_path(document):
    servers = document.get("servers") or []
    if not servers or not isinstance(servers[0], dict):
        return ""
    server = servers[0]
    url = server.get("url") or ""
    variables = server.get("variables") or {}

    def default(match):
        variable = variables.get(match.group(1)) or {}
        return str(variable.get("default", ""))

    url = re.sub(r"\{([^}]*)\}", default, url)
    path = urllib.parse.urlsplit(url).path
    return path.rstrip("/")


def auth_config(document):
    schemes = (document.get("components") or {}).get("securitySchemes") or {}
    lines = []
    for name, scheme in schemes.items():
        if not isinstance(scheme, dict) or "$ref" in scheme:
            continue
        kind = scheme.get("type")
        http = str(scheme.get("scheme", "")).lower()
        if kind == "apiKey":
            entry = [f"api_key = {toml_string(SECRET)}"]
        elif kind == "http" and http == "basic":
            entry = [f'username = "mock"', f"password = {toml_string(SECRET)}"]
        elif (kind == "http" and http == "bearer") or kind in ("oauth2", "openIdConnect"):
            entry = [f"bearer = {toml_string(SECRET)}"]
        else:
            continue
        lines.append(f"[auth.openapi.{toml_string(name)}]")
        lines.extend(entry)
        lines.append("")
    return "\n".join(lines)


def setup(path, out):
    with open(path, encoding="utf-8") as file:
        document = json.load(file) if path.endswith(".json") else __import__("yaml").safe_load(file)
    with open(f"{out}/schemathesis.toml", "w", encoding="utf-8") as file:
        file.write(auth_config(document))
    print(base_path(document))


def summary(path):
    try:
        with open(path, encoding="utf-8") as file:
            report = json.load(file)
    except (OSError, ValueError):
        print("no report (schemathesis stopped before writing it)")
        return
    operations = report.get("operations") or {}
    failures = {}
    for group in report.get("failures") or []:
        failures[group["code"]] = failures.get(group["code"], 0) + group["count"]
    said = f"{operations.get('tested', 0)}/{operations.get('total', 0)} operations"
    if failures:
        said += ", failures " + " ".join(f"{code}x{count}" for code, count in sorted(failures.items()))
    else:
        said += ", no failures"
    errors = sum(error["count"] for error in report.get("errors") or [])
    if errors:
        titles = sorted({error["title"] for error in report["errors"]})
        said += f", {errors} errors ({'; '.join(titles)[:120]})"
    print(said)


if __name__ == "__main__":
    if sys.argv[1:2] == ["setup"] and len(sys.argv) == 4:
        setup(sys.argv[2], sys.argv[3])
    elif sys.argv[1:2] == ["summary"] and len(sys.argv) == 3:
        summary(sys.argv[2])
    else:
        sys.exit(__doc__)

#!/usr/bin/env bash
# The third-party tools CI's checks run (PyPI and npm packages at pinned versions), each
# installed once into target/ci-tools/NAME and shared by every script that runs it. Sourced
# by those scripts (`ci_tool NAME`, then `$CI_TOOLS/NAME/...`); run as a script
# (`bash .ci/tools.sh prefetch`), it installs them all, as .ci/run does in the background
# while clippy compiles, so that no later step waits on a download. A tool being installed
# by another process is waited for (a lock a tool), not installed twice.
#
#   NAME           what                          used by
#   validator      openapi-spec-validator 0.9.0  .ci/openapi
#   schemathesis   schemathesis 4.32.5           .ci/schemathesis, .ci/mocks
#   python-client  openapi-python-client 0.29.1  .ci/python-client
#   pygerrit       pygerrit2 2.0.15              .ci/real-client
#   redocly        @redocly/cli 2.77.0           .ci/openapi
#   optic          @useoptic/optic 0.55.1        .ci/optic
CI_TOOLS=${CI_TOOLS:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/target/ci-tools}

# The package (pip or npm) each tool is.
ci_tool_package() {
  case $1 in
    validator) echo "pip openapi-spec-validator==0.9.0" ;;
    schemathesis) echo "pip schemathesis==4.32.5" ;;
    python-client) echo "pip openapi-python-client==0.29.1" ;;
    pygerrit) echo "pip pygerrit2==2.0.15" ;;
    redocly) echo "npm @redocly/cli@2.77.0" ;;
    optic) echo "npm @useoptic/optic@0.55.1" ;;
    *) echo "ci_tool: no tool $1" >&2; return 1 ;;
  esac
}

# Installs tool NAME into $CI_TOOLS/NAME unless that version is there: a virtualenv
# (`$CI_TOOLS/NAME/bin/...`) or an npm prefix (`$CI_TOOLS/NAME/node_modules/.bin/...`).
ci_tool() {
  local name=$1 kind package dir=$CI_TOOLS/$1
  read -r kind package < <(ci_tool_package "$name") || return 1
  mkdir -p "$CI_TOOLS"
  (
    flock 9
    [[ $(cat "$dir/.installed" 2>/dev/null) == "$package" ]] && exit 0
    rm -rf "$dir"
    case $kind in
      pip)
        python3 -m venv "$dir"
        "$dir/bin/pip" install --quiet --disable-pip-version-check "$package"
        ;;
      npm)
        npm install --silent --no-audit --no-fund --prefix "$dir" "$package" >/dev/null
        ;;
    esac
    echo "$package" >"$dir/.installed"
  ) 9>"$CI_TOOLS/$name.lock"
}

if [[ ${BASH_SOURCE[0]} == "$0" && ${1:-} == prefetch ]]; then
  set -euo pipefail
  for tool in validator schemathesis python-client pygerrit redocly optic; do
    start=$SECONDS
    ci_tool "$tool"
    echo "tools: $tool ready in $((SECONDS - start)) s"
  done
fi

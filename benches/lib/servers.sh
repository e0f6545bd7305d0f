# Shell functions that start the servers a multi-instance deployment of the example needs,
# on loopback, each in a directory of its own: PostgreSQL, Redis and HAProxy from Debian's
# packages (postgresql, redis-server, haproxy). Source this file; each function records
# the process it starts in SERVER_PIDS, and stop_servers ends them all.
#
#   source benches/lib/servers.sh
#   start_postgres "$DIR/pg" 55432     # prints nothing; the URL is postgres://review@127.0.0.1:55432/review
#   restart_postgres "$DIR/pg" 55432   # fast shutdown, start again
#   pause_postgres; resume_postgres    # SIGSTOP and SIGCONT of the server and its backends
#   start_redis "$DIR/redis" 56379
#   start_haproxy "$DIR/haproxy" 58080 127.0.0.1:18081 127.0.0.1:18082
#   stop_servers
#
# PostgreSQL refuses to run as root: as root, it runs as the user `postgres` (which the
# Debian package creates) in a directory that user owns.

SERVER_PIDS=()

servers_die() {
    echo "servers.sh: $*" >&2
    exit 1
}

# The directory of PostgreSQL's programs (initdb, pg_ctl, postgres).
postgres_bin() {
    local dir
    for dir in /usr/lib/postgresql/*/bin; do
        [[ -x $dir/initdb ]] && { echo "$dir"; return 0; }
    done
    command -v initdb >/dev/null && { dirname "$(command -v initdb)"; return 0; }
    servers_die "PostgreSQL's initdb is not installed (Debian: apt-get install postgresql)"
}

# Runs a command as the user PostgreSQL runs as: `postgres` when we are root, else us.
as_postgres() {
    if [[ $(id -u) == 0 ]]; then
        setpriv --reuid=postgres --regid=postgres --init-groups -- "$@"
    else
        "$@"
    fi
}

# start_postgres DIR PORT: a new cluster in DIR serving 127.0.0.1:PORT, with a
# superuser `review` (no password, trust on loopback) and a database `review`.
start_postgres() {
    local dir=$1 port=$2 bin
    bin=$(postgres_bin)
    mkdir -p "$dir"
    if [[ $(id -u) == 0 ]]; then
        chown postgres "$dir"
        # mktemp's directories are private: let `postgres` through to its own.
        chmod go+x "$(dirname "$dir")"
    fi
    as_postgres "$bin/initdb" -D "$dir/data" -U review --auth=trust -E UTF8 \
        >"$dir/initdb.log" 2>&1 || servers_die "initdb failed: $(tail -3 "$dir/initdb.log")"
    run_postgres "$dir" "$port"
    as_postgres "$bin/psql" -q -h 127.0.0.1 -p "$port" -U review -d postgres \
        -c "CREATE DATABASE review" >/dev/null
}

# run_postgres DIR PORT: starts the server of the cluster in DIR and waits until it answers.
run_postgres() {
    local dir=$1 port=$2 bin
    bin=$(postgres_bin)
    local as=()
    [[ $(id -u) == 0 ]] && as=(setpriv --reuid=postgres --regid=postgres --init-groups --)
    # A simple command, so that `$!` is the server itself (setpriv replaces itself with it).
    "${as[@]}" "$bin/postgres" -D "$dir/data" -p "$port" -k "$dir" \
        -c listen_addresses=127.0.0.1 -c max_connections=200 >>"$dir/postgres.log" 2>&1 &
    POSTGRES_PID=$!
    SERVER_PIDS+=($POSTGRES_PID)
    local _
    for _ in $(seq 100); do
        as_postgres "$bin/pg_isready" -q -h 127.0.0.1 -p "$port" && return 0
        sleep 0.1
    done
    servers_die "PostgreSQL does not start: $(tail -3 "$dir/postgres.log")"
}

# restart_postgres DIR PORT: a fast shutdown (every connection closed), then a start.
restart_postgres() {
    kill -INT "$POSTGRES_PID" 2>/dev/null || true
    wait "$POSTGRES_PID" 2>/dev/null || true
    run_postgres "$1" "$2"
}

# pause_postgres / resume_postgres: the server and every backend stopped (SIGSTOP), then
# continued: a database that accepts connections and answers nothing, as when the network
# to it is cut.
postgres_processes() {
    echo "$POSTGRES_PID" $(pgrep -P "$POSTGRES_PID" || true)
}
pause_postgres() {
    # shellcheck disable=SC2046
    kill -STOP $(postgres_processes)
}
resume_postgres() {
    # shellcheck disable=SC2046
    kill -CONT $(postgres_processes)
}

# psql_review PORT SQL: runs SQL in the database `review`, unaligned, tuples only.
psql_review() {
    as_postgres "$(postgres_bin)/psql" -qAt -h 127.0.0.1 -p "$1" -U review -d review -c "$2"
}

# start_redis DIR PORT: a Redis without persistence serving 127.0.0.1:PORT; DEBUG SLEEP
# (a Redis that stops answering for a while) is allowed from loopback.
start_redis() {
    local dir=$1 port=$2
    command -v redis-server >/dev/null ||
        servers_die "redis-server is not installed (Debian: apt-get install redis-server)"
    mkdir -p "$dir"
    redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --dir "$dir" \
        --enable-debug-command local \
        >"$dir/redis.log" 2>&1 &
    REDIS_PID=$!
    SERVER_PIDS+=($REDIS_PID)
    local _
    for _ in $(seq 100); do
        redis-cli -p "$port" ping 2>/dev/null | grep -q PONG && return 0
        sleep 0.1
    done
    servers_die "Redis does not start: $(tail -3 "$dir/redis.log")"
}

# start_haproxy DIR PORT BACKEND...: round robin over the BACKENDs (host:port) on
# 127.0.0.1:PORT. A backend is checked every 200 ms on its readiness path (GET /readyz:
# 503 while it drains for shutdown or its database does not answer) and taken out after
# one failed check; a request whose connection is refused goes to another backend.
start_haproxy() {
    local dir=$1 port=$2 i=0 backend
    shift 2
    command -v haproxy >/dev/null || servers_die "haproxy is not installed (Debian: apt-get install haproxy)"
    mkdir -p "$dir"
    {
        echo "global"
        echo "    maxconn 4096"
        echo "defaults"
        echo "    mode http"
        echo "    timeout connect 1s"
        echo "    timeout client 30s"
        echo "    timeout server 30s"
        echo "    retries 3"
        echo "    option redispatch"
        echo "    retry-on conn-failure empty-response"
        echo "frontend review"
        echo "    bind 127.0.0.1:$port"
        echo "    default_backend instances"
        echo "backend instances"
        echo "    balance roundrobin"
        echo "    option httpchk GET /readyz"
        echo "    http-check expect status 200"
        for backend in "$@"; do
            i=$((i + 1))
            echo "    server instance$i $backend check inter 200ms fall 1 rise 2"
        done
    } >"$dir/haproxy.cfg"
    haproxy -f "$dir/haproxy.cfg" -db >"$dir/haproxy.log" 2>&1 &
    SERVER_PIDS+=($!)
    local _
    for _ in $(seq 100); do
        curl -s -o /dev/null "http://127.0.0.1:$port/" && return 0
        sleep 0.1
    done
    servers_die "HAProxy does not start: $(tail -3 "$dir/haproxy.log")"
}

# Ends every server started here: SIGTERM, but SIGINT for PostgreSQL, its "fast
# shutdown" (SIGTERM would wait for its clients to leave).
stop_servers() {
    local pid
    for pid in "${SERVER_PIDS[@]}"; do
        if [[ $pid == "${POSTGRES_PID:-}" ]]; then
            kill -INT "$pid" 2>/dev/null || true
        else
            kill -TERM "$pid" 2>/dev/null || true
        fi
    done
    for pid in "${SERVER_PIDS[@]}"; do
        wait "$pid" 2>/dev/null || true
    done
    SERVER_PIDS=()
}

#!/bin/bash
# The instructions one replay step costs the database (issue 52; docs/performance.md, "Replay over
# history"): counted by valgrind's callgrind, which counts instructions, not seconds, so the figure
# repeats on a busy machine where a step's time swings by a third. Run as root, beside Debian's
# PostgreSQL 15 and valgrind:
#   bench/replay-step-instructions.sh <database> <built server's main.js> [rule id (1)]
# <database>: on 127.0.0.1:5432, seeded by `npm run bench -- --replay --seed-customers N`.
# 1. One replay of the rule (+1 point per transaction, through the bench) with the cluster logging
#    statements over a second; the first step's statement (its first customer the lowest) is taken
#    from the log with its parameters.
# 2. The database copied into a cluster of its own (port 5499), which runs under callgrind.
# 3. The statement run there twice, each in a backend of its own: each backend's count is printed
#    (the first reads the copy cold; the two differ by less than 0.1 %).
# A build's statement and functions go together (its server installs its functions when it starts):
# compare builds by running this once with each.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
log=${PGLOG:-/var/log/postgresql/postgresql-15-main.log}
copy=${COPY_DIR:-/tmp/replay-step-cluster}
bin=/usr/lib/postgresql/15/bin
step=$copy.sql
psql_copy=(psql -h 127.0.0.1 -p 5499 -U postgres -d replay_step -Atq)

run_under_callgrind() {
  rm -rf "$copy/out" && mkdir -p "$copy/out" && chown postgres "$copy/out"
  su postgres -c "valgrind --tool=callgrind --callgrind-out-file=$copy/out/cg.%p \
    $bin/postgres -D $copy/data -p 5499 -k /tmp -c shared_buffers=1GB > $copy/out/postmaster.log 2>&1 &"
  for _ in $(seq 120); do pg_isready -h 127.0.0.1 -p 5499 -q && break; sleep 1; done
  for n in 1 2; do
    out=$( (echo "select 'backend', pg_backend_pid();"; cat "$step") | "${psql_copy[@]}")
    pid=$(echo "$out" | grep '^backend|' | cut -d'|' -f2)
    rows=$(echo "$out" | grep -v '^backend|' | sort | md5sum | cut -c1-8)
    # The backend writes its count when it exits.
    for _ in $(seq 60); do grep -qs '^summary' "$copy/out/cg.$pid" && break; sleep 1; done
    echo "run $n: $(grep -m1 '^summary' "$copy/out/cg.$pid" | cut -d' ' -f2) instructions (rows' digest $rows)"
  done
  su postgres -c "$bin/pg_ctl -D $copy/data stop -m fast" > /dev/null
}

db=$1 entry=$2 rule=${3:-1}

# 1. The first step's statement.
psql -h 127.0.0.1 -U postgres -d "$db" -qc "ALTER DATABASE $db SET log_min_duration_statement = 1000"
start=$(($(wc -c < "$log") + 1))
(cd "$here" && SERVER_ENTRY=$entry DATABASE_URL=postgres://postgres@127.0.0.1:5432/$db \
  npm run bench -- --replay --replay-rule "$rule" | grep -E 'replayed')
psql -h 127.0.0.1 -U postgres -d "$db" -qc "ALTER DATABASE $db RESET log_min_duration_statement"
tail -c +"$start" "$log" | node -e '
  const text = require("fs").readFileSync(0, "utf8");
  const entries = text.split(/\n(?=\d{4}-\d\d-\d\d )/);
  let best;
  entries.forEach((e, i) => {
    if (!/duration: .* execute [^:]*:/.test(e) || !e.includes("replays_quick(")) return;
    const detail = entries.slice(i + 1, i + 3).find((d) => d.includes("DETAIL:  parameters:"));
    if (!detail) return;
    const params = new Map([...detail.matchAll(/\$(\d+) = (NULL|\x27(?:[^\x27]|\x27\x27)*\x27)/g)].map((m) => [Number(m[1]), m[2]]));
    const first = Number(String(params.get(3)).replaceAll("\x27", ""));
    if (!best || first < best.first) best = { first, query: e.slice(e.search(/ execute [^:]*:/)).replace(/^ execute [^:]*:/, ""), params };
  });
  if (!best) throw new Error("no replay step in the log");
  let q = best.query.trim();
  for (const k of [...best.params.keys()].sort((a, b) => b - a)) q = q.replaceAll(`$${k}`, best.params.get(k));
  process.stdout.write(`set jit = off; set work_mem = \x2732MB\x27;\n${q};\n`);
' > "$step"
echo "the first step's statement: $step"

# 2. The copy, in a cluster of its own.
if [ -d "$copy/data" ]; then su postgres -c "$bin/pg_ctl -D $copy/data stop -m fast" > /dev/null 2>&1 || true; fi
rm -rf "$copy" && mkdir -p "$copy" && chown postgres "$copy"
su postgres -c "$bin/initdb -D $copy/data -A trust > /dev/null"
su postgres -c "$bin/pg_ctl -D $copy/data -o '-p 5499 -k /tmp' -l $copy/copy.log start" > /dev/null
createdb -h 127.0.0.1 -p 5499 -U postgres replay_step
pg_dump -h 127.0.0.1 -U postgres -Fc "$db" | pg_restore -h 127.0.0.1 -p 5499 -U postgres -d replay_step
"${psql_copy[@]}" -c 'vacuum analyze'
su postgres -c "$bin/pg_ctl -D $copy/data stop" > /dev/null

# 3. The statement under callgrind.
run_under_callgrind

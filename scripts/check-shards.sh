#!/usr/bin/env bash
# Checks the shard recipe end to end at small size: a tournament and an experiment, each played
# as 3 shards by scripts/parallel-shards.sh and merged, must equal the unsharded run (games.csv
# but for the run_id and wall_ms columns; standings.csv, or the experiment's summary.csv).
#
#   scripts/check-shards.sh [WORKDIR]
#
# Uses GNU parallel when it is installed (and NO_PARALLEL is not 1), else the recipe's
# plain-bash mode.
# MEEPLELAB names the binary (default: meeplelab on the PATH). tests/scripts.rs runs it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${MEEPLELAB:-meeplelab}
work=${1:-$(mktemp -d)}
mkdir -p "$work"
if [ "${NO_PARALLEL:-0}" != 1 ] && command -v parallel > /dev/null; then
    mode="GNU parallel"
else
    export NO_PARALLEL=1
    mode="plain bash, without GNU parallel"
fi

# shellcheck source=scripts/check-common.sh
source "$here/check-common.sh"

# same NAME FILE A B: fails, naming the file, unless A and B hold the same text.
same() {
    if ! cmp -s <(printf '%s' "$3") <(printf '%s' "$4"); then
        echo "check-shards: $1: $2 of the merged shards differs from the unsharded run" >&2
        exit 1
    fi
}

# run NAME ARGS...: the unsharded run and the sharded recipe of one command.
run() {
    local name=$1
    shift
    "$bin" "$@" --threads 2 --out "$work/$name/single" > /dev/null 2>&1
    "$here/parallel-shards.sh" 3 3 "$work/$name" "$@" > /dev/null 2>&1
    same "$name" games.csv "$(comparable "$work/$name/single/games.csv")" \
        "$(comparable "$work/$name/merged/games.csv")"
}

run tournament "${check_tournament[@]}"
same tournament standings.csv "$(cat "$work/tournament/single/standings.csv")" \
    "$(cat "$work/tournament/merged/standings.csv")"

write_check_spec "$work/spec.toml" check-shards
run experiment experiment "$work/spec.toml"
"$bin" experiment "$work/spec.toml" --out "$work/experiment/merged" --resume > /dev/null 2>&1
same experiment summary.csv "$(cat "$work/experiment/single/summary.csv")" \
    "$(cat "$work/experiment/merged/summary.csv")"
echo "check-shards: 3 merged shards equal the unsharded run (tournament and experiment; $mode)"

#!/usr/bin/env bash
# Plays a tournament or experiment as N shards with GNU parallel, then merges them.
#
#   scripts/parallel-shards.sh N JOBS OUT COMMAND ARGS...
#
# N shards, JOBS of them at a time (one thread each), into OUT/shard-K; the merged folder is
# OUT/merged. COMMAND ARGS are those of `meeplelab tournament` or `meeplelab experiment SPEC`
# without --shard, --out, --threads and --resume, which the script adds. Rerunning the same
# command after a failure resumes every shard (--resume) and merges again.
#
# Environment: MEEPLELAB (default: meeplelab on the PATH), PARALLEL_ARGS (extra arguments for
# parallel, e.g. "-S 1/node1,1/node2 --workdir /shared/project" to spread shards over hosts
# sharing a file system), NO_PARALLEL=1 (play the shards one after another with plain bash,
# the same commands, where GNU parallel is not installed).
set -euo pipefail
if [ $# -lt 4 ]; then
    sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
n=$1 jobs=$2 out=$3
shift 3
bin=${MEEPLELAB:-meeplelab}
mkdir -p "$out"
if [ "${NO_PARALLEL:-0}" = 1 ]; then
    for k in $(seq 1 "$n"); do
        "$bin" "$@" --threads 1 --shard "$k/$n" --out "$out/shard-$k" --resume
    done
else
    # shellcheck disable=SC2086  # PARALLEL_ARGS holds several arguments
    parallel --will-cite --jobs "$jobs" --halt now,fail=1 ${PARALLEL_ARGS:-} \
        "$bin" "$@" --threads 1 --shard {}/"$n" --out "$out"/shard-{} --resume \
        ::: $(seq 1 "$n")
fi
rm -rf "$out/merged"
shards=()
for k in $(seq 1 "$n"); do shards+=("$out/shard-$k"); done
"$bin" merge "$out/merged" "${shards[@]}"

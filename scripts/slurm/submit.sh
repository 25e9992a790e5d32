#!/usr/bin/env bash
# Submits N shards of a tournament or experiment as a Slurm job array, and the merge to run
# when every shard has succeeded.
#
#   scripts/slurm/submit.sh N OUT COMMAND ARGS...
#
# e.g. scripts/slurm/submit.sh 16 results/big tournament --agents greedy,mcts-500 --games 8000
# Extra sbatch options (partition, account, time) go in SBATCH_ARGS.
set -euo pipefail
if [ $# -lt 3 ]; then
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
n=$1 out=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p logs "$out"
# shellcheck disable=SC2086  # SBATCH_ARGS holds several options
array=$(sbatch --parsable ${SBATCH_ARGS:-} --array="1-$n" "$here/shards.sbatch" "$n" "$out" "$@")
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SBATCH_ARGS:-} --dependency="afterok:$array" \
    "$here/merge.sbatch" "$n" "$out")
echo "submitted shards as job $array and the merge as job $merge; merged folder: $out/merged"

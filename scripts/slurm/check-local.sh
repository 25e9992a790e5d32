#!/usr/bin/env bash
# Runs the Slurm scripts under a real single-node Slurm started here, and checks the merged
# result against an unsharded run.
#
#   sudo scripts/slurm/check-local.sh [WORKDIR]
#
# Needs Debian's slurm-wlm and munge (`apt-get install slurm-wlm`) and root (it starts munged,
# slurmctld and slurmd with a throw-away configuration in WORKDIR, and stops them at the end).
# munged is stopped at the end if this script started it. It submits a small tournament and a small experiment as 3 shards each with
# scripts/slurm/submit.sh (one CPU per task), waits for the merge jobs, and compares the merged
# games.csv (but for run_id and wall_ms), standings.csv and summary.csv with unsharded runs.
# MEEPLELAB names the binary (default: meeplelab on the PATH).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=$(command -v "${MEEPLELAB:-meeplelab}")
work=${1:-$(mktemp -d)}
mkdir -p "$work"
work=$(cd "$work" && pwd)
host=$(hostname -s)
cpus=$(nproc)
export SLURM_CONF=$work/slurm.conf
mkdir -p "$work/state" "$work/spool"
cat > "$SLURM_CONF" <<CONF
ClusterName=check
SlurmctldHost=$host
SlurmUser=root
AuthType=auth/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
NodeName=$host CPUs=$cpus State=UNKNOWN
PartitionName=check Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
pids=()
stop() { for p in "${pids[@]}"; do kill "$p" 2> /dev/null || true; done; }
trap stop EXIT
if ! pgrep -x munged > /dev/null; then
    mkdir -p /run/munge && chown munge: /run/munge
    runuser -u munge -- munged
    pids+=("$(cat /run/munge/munged.pid)")
fi
slurmctld -D -i > /dev/null 2>&1 &
pids+=($!)
slurmd -D > /dev/null 2>&1 &
pids+=($!)
for _ in $(seq 1 30); do
    sinfo -h -o %T 2> /dev/null | grep -qx idle && break
    sleep 1
done
sinfo

# shellcheck source=scripts/check-common.sh
source "$here/../check-common.sh"
cd "$work"
export MEEPLELAB=$bin SBATCH_ARGS="--cpus-per-task=1"
write_check_spec spec.toml check-slurm
experiment=(experiment "$work/spec.toml")
"$here/submit.sh" 3 t "${check_tournament[@]}"
"$here/submit.sh" 3 e "${experiment[@]}"
"$bin" "${check_tournament[@]}" --out t/single > /dev/null 2>&1
"$bin" "${experiment[@]}" --out e/single > /dev/null 2>&1
for _ in $(seq 1 300); do
    [ -z "$(squeue -h)" ] && break
    sleep 1
done
squeue
"$bin" "${experiment[@]}" --out e/merged --resume > /dev/null 2>&1
for run in t e; do
    cmp <(comparable $run/single/games.csv) <(comparable $run/merged/games.csv)
done
cmp t/single/standings.csv t/merged/standings.csv
cmp e/single/summary.csv e/merged/summary.csv
echo "check-local: Slurm ($(sbatch --version)) ran 3 shards and the merge of a tournament and an experiment; merged = unsharded"

# Shared by the shard checks (scripts/check-shards.sh, scripts/slurm/check-local.sh); source it.

# comparable FILE: games.csv with the run_id (2nd) and wall_ms (last) columns blanked, the two
# columns a sharded run may not share with an unsharded one; both are plain fields.
comparable() { sed -E 's/^([^,]*),[^,]*,/\1,,/; s/,[^,]*$/,/' "$1"; }

# The small tournament both checks play, as `meeplelab` arguments.
check_tournament=(tournament --agents random,greedy,random:forbid=dig --games 12 --seed 9)

# The small experiment both checks play: the one tests/experiment.rs plays, named "tiny" there.
check_spec="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/tests/data/experiments/tiny.toml"

# write_check_spec FILE NAME: writes the small experiment to FILE, named NAME (fails if the
# spec's `name = "tiny"` line has changed, so the name cannot silently stay "tiny").
write_check_spec() {
  sed "s/^name = \"tiny\"\$/name = \"$2\"/" "$check_spec" > "$1" &&
    grep -q "^name = \"$2\"\$" "$1"
}

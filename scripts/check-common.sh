# Shared by the shard checks (scripts/check-shards.sh, scripts/slurm/check-local.sh); source it.

# comparable FILE: games.csv with the run_id (2nd) and wall_ms (last) columns blanked, the two
# columns a sharded run may not share with an unsharded one; both are plain fields.
comparable() { sed -E 's/^([^,]*),[^,]*,/\1,,/; s/,[^,]*$/,/' "$1"; }

# The small tournament both checks play, as `meeplelab` arguments.
check_tournament=(tournament --agents random,greedy,random:forbid=dig --games 12 --seed 9)

# write_check_spec FILE NAME: the small two-variant experiment both checks play.
write_check_spec() {
    cat > "$1" <<SPEC
name = "$2"
game = "safari"
players = 2
agents = ["random"]
games = 5
seed = 3
bootstrap = 20

[[variant]]
name = "base"

[[variant]]
name = "no-vehicles"
rules = { vehicles = 0 }
SPEC
}

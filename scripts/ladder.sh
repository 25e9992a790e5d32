#!/usr/bin/env bash
# Strength ladder of one game: random, greedy, the tuned greedy of the game (when
# agents/greedy-tuned-GAME.toml exists), mcts-100, mcts-500, mcts-2000 and mcts-1s, rated
# together with random = 0 (docs/agents.md, "Strength ladder").
#
#   scripts/ladder.sh GAME [SCALE] [OUT]
#
# GAME: safari (2 players), carcassonne (2 players, base game) or new-world (3 players).
# The cheap rungs (random, greedy, tuned greedy, mcts-100) play one round-robin tournament;
# each dearer MCTS rung plays a match against greedy, fewer games the dearer it is. SCALE
# multiplies every game count (1: the sizes measured in docs/agents.md; 10: the full size).
# Every run is a folder under OUT (default results/ladder-GAME) and resumable: rerun the same
# command to continue an interrupted ladder. Run from the repository root (agents/*.toml).
set -euo pipefail
game=${1:?usage: scripts/ladder.sh GAME [SCALE] [OUT]}
scale=${2:-1}
out=${3:-results/ladder-$game}
bin=${MEEPLELAB:-meeplelab}

# Per game: players, round-robin games, then the games of mcts-500, mcts-2000 and mcts-1s
# against greedy (multiples of the deal block: 2 seatings with 2 players, 6 with 3).
case $game in
  safari)      players=2; rr=48;  m500=20; m2000=6;  m1s=2 ;;
  carcassonne) players=2; rr=240; m500=60; m2000=20; m1s=4 ;;
  new-world)   players=3; rr=240; m500=48; m2000=18; m1s=6 ;;
  *) echo "unknown game $game (safari, carcassonne, new-world)" >&2; exit 2 ;;
esac

cheap=random,greedy
tuned=agents/greedy-tuned-$game.toml
[[ -f $tuned ]] && cheap=$cheap,$tuned
cheap=$cheap,agents/mcts-100.toml

mkdir -p "$out"
resume() { [[ -f $1/games.csv ]] && echo --resume || true; }
common=(--game "$game" --players "$players" --seed 1)

"$bin" tournament "${common[@]}" --agents "$cheap" --games $((rr * scale)) \
  --out "$out/round-robin" $(resume "$out/round-robin")
for rung in mcts-500:$m500 agents/mcts-2000.toml:$m2000 mcts-1s:$m1s; do
  agent=${rung%:*}
  games=$((${rung##*:} * scale))
  dir=$out/$(basename "$agent" .toml)-vs-greedy
  "$bin" match "$agent" greedy "${common[@]}" --games "$games" --out "$dir" $(resume "$dir")
done
"$bin" summarize --anchor random=0 "$out"/*/games.csv | tee "$out/ladder.txt"

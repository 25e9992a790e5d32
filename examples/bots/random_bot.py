#!/usr/bin/env python3
"""A uniformly random meeplelab bot (docs/protocol.md): the smallest complete bot.

Run it as an agent:  meeplelab match "ext:cmd=python3 examples/bots/random_bot.py" greedy
It uses only the standard library.
"""
import json
import random
import sys


def main():
    rng = random.Random()
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "start":
            # One game per process: seed from the game so that runs repeat.
            rng.seed(message["seed"] * 10 + message["seat"])
        elif message["type"] == "decide":
            print(json.dumps({"action": rng.choice(message["legal"])}), flush=True)


if __name__ == "__main__":
    main()

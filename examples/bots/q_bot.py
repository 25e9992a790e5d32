#!/usr/bin/env python3
"""The learning example's bot (examples/learning/train.py): plays the action with the highest
value of a fitted Q(observation, action) model. Argument: the model file (pickle).

    meeplelab match "ext:cmd=python3 examples/bots/q_bot.py results/learning/q_model.pkl" greedy
"""
import json
import os
import pickle
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "learning"))
from features import Featurizer  # noqa: E402


def main():
    with open(sys.argv[1], "rb") as f:
        model = pickle.load(f)
    featurize = None
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "start":
            featurize = Featurizer(message)
        elif message["type"] == "decide":
            legal = message["legal"]
            obs = np.asarray(message["observation"], dtype=np.float32)
            values = model.predict(featurize(obs, legal)) if len(legal) > 1 else [0.0]
            print(json.dumps({"action": legal[int(np.argmax(values))]}), flush=True)


if __name__ == "__main__":
    main()

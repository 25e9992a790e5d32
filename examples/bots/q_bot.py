#!/usr/bin/env python3
"""The learning example's bot (examples/learning/train.py): plays the action with the highest
value of a fitted Q(observation, action) model. Argument: the model file (pickle).

    meeplelab match "ext:cmd=python3 examples/bots/q_bot.py results/learning/q_model.pkl" greedy
"""
import os
import pickle
import sys

import numpy as np

from serve import serve

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "learning"))
from features import Featurizer  # noqa: E402


class Bot:
    def __init__(self, model, start):
        self.model = model
        self.featurize = Featurizer(start)

    def decide(self, message):
        legal = message["legal"]
        if len(legal) == 1:
            return legal[0]
        obs = np.asarray(message["observation"], dtype=np.float32)
        return legal[int(np.argmax(self.model.predict(self.featurize(obs, legal))))]


if __name__ == "__main__":
    with open(sys.argv[1], "rb") as f:
        model = pickle.load(f)
    serve(lambda start: Bot(model, start))

"""The protocol loop of the example bots (docs/protocol.md): a bot object is made from each
game's start message, then answers every decide message with an action id."""
import json
import sys


def serve(new_bot):
    """Runs the protocol on stdin/stdout; `new_bot(start)` returns an object whose
    `decide(message)` gives the id to play."""
    bot = None
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "start":
            bot = new_bot(message)
        elif message["type"] == "decide":
            print(json.dumps({"action": bot.decide(message)}), flush=True)

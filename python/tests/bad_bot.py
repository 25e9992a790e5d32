"""A bot that fails on purpose (test_runs.py): crash, hang, garbage or illegal."""
import json
import sys
import time

mode = sys.argv[1]
for line in sys.stdin:
    if json.loads(line)["type"] != "decide":
        continue
    if mode == "crash":
        sys.exit(7)
    if mode == "hang":
        time.sleep(60)
    if mode == "garbage":
        print("this is not json", flush=True)
    if mode == "illegal":
        print(json.dumps({"action": 10**12}), flush=True)

"""Mem0 0.0.2's SQLite history (table `history`: prev_value, new_value, event, timestamp), written by Mem0's own
SQLiteManager as released in mem0ai 0.0.2 (mem0/memory/storage.py at mem0ai/mem0 commit f842a92e2, which
mem0ai 0.0.2 through 0.0.9 shipped; 0.0.10 migrates the table on open). The rest of Memory (LLM, embedder,
vector store) is not run: this script makes the add_history calls Memory makes in mem0/memory/main.py of that
commit (_create_memory: (id, None, data, "add"); _update_memory: (id, prev_value, data, "update");
_delete_memory: (id, prev_value, None, "delete", is_deleted=1)), in the order of the story below.

Run: python3 mem0-0.0.2.py STORAGE_PY OUT.db
  STORAGE_PY: `git show f842a92e2:mem0/memory/storage.py` saved from a clone of mem0ai/mem0 (not vendored here)
"""
import importlib.util
import os
import sys
import time
import uuid

storage_py, out = sys.argv[1], sys.argv[2]
if os.path.exists(out):
    sys.exit(f"{out} exists")
spec = importlib.util.spec_from_file_location("mem0_storage_0_0_2", storage_py)
storage = importlib.util.module_from_spec(spec)
spec.loader.exec_module(storage)
db = storage.SQLiteManager(out)

pref, tz, codename = (str(uuid.uuid4()) for _ in range(3))
step = lambda: time.sleep(0.05)  # noqa: E731 - distinct timestamps, as a running agent's rows have
# a preference, then the change the user asked for
db.add_history(pref, None, "Prefers answers as bullet lists, never tables", "add"); step()
db.add_history(pref, "Prefers answers as bullet lists, never tables", "Prefers numbered lists", "update"); step()
# two workers update the time zone from the same value they both read: the first update is lost
db.add_history(tz, None, "Time zone: Berlin (UTC+1)", "add"); step()
db.add_history(tz, "Time zone: Berlin (UTC+1)", "Time zone: Tokyo (UTC+9)", "update"); step()
db.add_history(tz, "Time zone: Berlin (UTC+1)", "Zeitzone: Berlin, im Sommer UTC+2", "update"); step()
# a memory added, then deleted on purpose
db.add_history(codename, None, "Project codename is Bluebird", "add"); step()
db.add_history(codename, "Project codename is Bluebird", None, "delete", is_deleted=1)
db.connection.close()
print("done", out)

"""Python Mem0's SQLite history (table `history`: old_memory, new_memory, event, created_at, updated_at, is_deleted,
actor_id, role), written by Mem0's own SQLiteManager (mem0/memory/storage.py of mem0ai/mem0 at commit 8d5b7865b,
pyproject version 2.0.18: it creates, or migrates, the table on open). The rest of Memory (LLM, embedder, vector
store) is not run (no PyPI here): this script makes the add_history calls Memory makes in mem0/memory/main.py of
that commit, with the same arguments:
  _create_memory: (id, None, data, "ADD", created_at=now, updated_at=created_at, actor_id=, role=)
  _update_memory: (id, prev_value, data, "UPDATE", created_at=the memory's, updated_at=now, actor_id and role
                   copied from the memory's payload, not the caller's: identity keys are stripped from metadata)
  _delete_memory: (id, prev_value, None, "DELETE", created_at=, updated_at=now, ..., is_deleted=1)
where prev_value is the text the call read from the vector store before it wrote.

Run: python3 mem0-python-races.py STORAGE_PY OUT_DIR
  STORAGE_PY: `git show 8d5b7865b:mem0/memory/storage.py` saved from a clone of mem0ai/mem0 (not vendored here)
Writes OUT_DIR/py-two-writers.db and OUT_DIR/py-sequential.db (both must not exist).
"""
import importlib.util
import os
import sys
import time
import uuid
from datetime import datetime, timezone

storage_py, out_dir = sys.argv[1], sys.argv[2]
spec = importlib.util.spec_from_file_location("mem0_storage_2_0_18", storage_py)
storage = importlib.util.module_from_spec(spec)
spec.loader.exec_module(storage)


def now():
    time.sleep(0.05)  # distinct times, as a running service's rows have
    return datetime.now(timezone.utc).isoformat()


class Store:
    """What the vector store holds of each memory's payload (data, created_at, actor_id, role)."""

    def __init__(self, path):
        if os.path.exists(path):
            sys.exit(f"{path} exists")
        self.db = storage.SQLiteManager(path)
        self.payload = {}

    def create(self, data, actor_id, role="user"):
        mid, created = str(uuid.uuid4()), now()
        self.payload[mid] = {"data": data, "created_at": created, "actor_id": actor_id, "role": role}
        self.db.add_history(mid, None, data, "ADD", created_at=created, updated_at=created, actor_id=actor_id, role=role)
        return mid

    def read(self, mid):
        return dict(self.payload[mid])

    def update(self, mid, read, data):
        """_update_memory with `read` the payload it got from the vector store before it wrote."""
        updated = now()
        self.payload[mid] = {**read, "data": data}
        self.db.add_history(mid, read["data"], data, "UPDATE", created_at=read["created_at"], updated_at=updated,
                            actor_id=read.get("actor_id"), role=read.get("role"))

    def delete(self, mid):
        read = self.read(mid)
        del self.payload[mid]
        self.db.add_history(mid, read["data"], None, "DELETE", created_at=read["created_at"], updated_at=now(),
                            actor_id=read.get("actor_id"), role=read.get("role"), is_deleted=1)

    def close(self):
        self.db.connection.close()


# two requests (bob's, then alice's) on a memory shared by the team: both add() calls read the time zone
# before either wrote, and each UPDATEs it from that text; bob's update is overwritten by alice's
s = Store(os.path.join(out_dir, "py-two-writers.db"))
tz = s.create("时区：上海（UTC+8）", "alice")
bob_read, alice_read = s.read(tz), s.read(tz)
s.update(tz, bob_read, "Zeitzone: Berlin (UTC+1)")
s.update(tz, alice_read, "Time zone: Tokyo (UTC+9)")
s.close()

# the same memory changed twice, each request after the other had written, then deleted on purpose
s = Store(os.path.join(out_dir, "py-sequential.db"))
tz = s.create("时区：上海（UTC+8）", "alice")
s.update(tz, s.read(tz), "Zeitzone: Berlin (UTC+1)")
s.update(tz, s.read(tz), "Time zone: Tokyo (UTC+9)")
s.delete(tz)
s.close()
print("done", out_dir)

/**
 * A message read back by a strict parser: Python's `email` package with `policy=default`, in a
 * child process. Answers every defect it found (on each part, and on each header it parsed), the
 * parts with their file names, and the To and Cc mailboxes as it reads them.
 */
import { execFile, execFileSync } from 'node:child_process';

export interface PythonReading {
  /** "part 2 (application/…): InvalidHeaderDefect: …", one per defect; empty when the message is clean. */
  defects: string[];
  parts: { type: string; filename: string | null }[];
  to: { name: string; address: string }[];
  cc: { name: string; address: string }[];
}

const SCRIPT = String.raw`
import json, sys
from email import message_from_bytes, policy
msg = message_from_bytes(sys.stdin.buffer.read(), policy=policy.default)
defects, parts = [], []
for i, part in enumerate(msg.walk()):
    where = f"part {i} ({part.get_content_type()})"
    defects += [f"{where}: {type(d).__name__}: {d}" for d in part.defects]
    for name, value in part.items():
        defects += [f"{where} {name}: {type(d).__name__}: {d}" for d in getattr(value, "defects", ())]
    parts.append({"type": part.get_content_type(), "filename": part.get_filename()})
def mailboxes(header):
    value = msg[header]
    return [] if value is None else [{"name": a.display_name, "address": a.addr_spec} for a in value.addresses]
print(json.dumps({"defects": defects, "parts": parts, "to": mailboxes("To"), "cc": mailboxes("Cc")}))
`;

export function hasPython(): boolean {
  try {
    execFileSync('python3', ['-c', 'import email.policy'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function readWithPython(raw: Buffer): Promise<PythonReading> {
  return new Promise((resolve, reject) => {
    const child = execFile('python3', ['-c', SCRIPT], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`python3 failed: ${stderr || error.message}`));
      else resolve(JSON.parse(stdout) as PythonReading);
    });
    child.stdin!.end(raw);
  });
}

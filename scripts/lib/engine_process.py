"""A Leiserchess engine driven over the protocol (../shared/PROTOCOL.md), for
the measuring scripts: start it, send lines, read until a line matches."""

import subprocess


class EngineProcess:
    def __init__(self, command, cwd=None):
        self.proc = subprocess.Popen(
            command, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, prefix):
        """Lines read up to and including the first that starts with prefix."""
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("engine exited while waiting for '%s'" % prefix)
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def set_options(self, options):
        for name, value in options:
            self.send("setoption name %s value %s" % (name, value))

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()


def fen_after(engine, moves):
    """The FEN after `moves` from the start position, from our `display`."""
    engine.send("position startpos moves " + " ".join(moves) if moves else "position startpos")
    engine.send("display")
    for line in engine.read_until("edition "):
        if ", fen " in line:
            return line.split(", fen ", 1)[1].strip()
    raise RuntimeError("no FEN in display output")

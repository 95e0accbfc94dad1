#!/usr/bin/env python3
"""Drives libleiserchess from Python through ctypes and its C API.

    python3 search.py [--library /path/to/libleiserchess.so]

Without --library it uses $LEISERCHESS_LIBRARY, then the system's search
(ctypes.util.find_library). It does what examples/c/search.c does and
prints the same lines; tests/library/check_installed.py runs both against
the installed library and compares.
"""
import argparse
import ctypes
import ctypes.util
import os
import sys


class Limits(ctypes.Structure):
    _fields_ = [("depth", ctypes.c_int32), ("nodes", ctypes.c_uint64), ("movetime_ms", ctypes.c_int32),
                ("time_ms", ctypes.c_int32), ("increment_ms", ctypes.c_int32), ("infinite", ctypes.c_int32)]


class Info(ctypes.Structure):
    _fields_ = [("depth", ctypes.c_int32), ("seldepth", ctypes.c_int32), ("score_cp", ctypes.c_int32),
                ("mate", ctypes.c_int32), ("nodes", ctypes.c_uint64), ("nps", ctypes.c_uint64),
                ("time_ms", ctypes.c_int32), ("hashfull", ctypes.c_int32), ("pv", ctypes.c_char_p)]


class Result(ctypes.Structure):
    _fields_ = [("best_move", ctypes.c_char * 16), ("score_cp", ctypes.c_int32), ("mate", ctypes.c_int32),
                ("depth", ctypes.c_int32), ("nodes", ctypes.c_uint64), ("pv", ctypes.c_char * 1024)]


INFO_CALLBACK = ctypes.CFUNCTYPE(None, ctypes.POINTER(Info), ctypes.c_void_p)
OK = 0


class LeiserchessError(Exception):
    pass


class Engine:
    """A thin Python wrapper: each failing call raises LeiserchessError with
    the status name and the engine's one-line message."""

    def __init__(self, lib):
        self.lib = lib
        self.handle = ctypes.c_void_p()
        self._check(lib.leiser_engine_create(ctypes.byref(self.handle)), "create")

    def _check(self, status, what):
        if status != OK:
            message = self.lib.leiser_last_error(self.handle).decode() if self.handle else ""
            raise LeiserchessError("%s: %s: %s" % (what, self.lib.leiser_status_name(status).decode(), message))

    def set_option(self, name, value):
        self._check(self.lib.leiser_engine_set_option(self.handle, name.encode(), str(value).encode()), "set_option")

    def set_position(self, fen=None, moves=""):
        self._check(self.lib.leiser_engine_set_position(self.handle, fen.encode() if fen else None,
                                                         moves.encode()), "set_position")

    def fen(self):
        buf = ctypes.create_string_buffer(128)
        self._check(self.lib.leiser_engine_get_fen(self.handle, buf, len(buf)), "get_fen")
        return buf.value.decode()

    def perft(self, depth):
        leaves = ctypes.c_uint64()
        self._check(self.lib.leiser_engine_perft(self.handle, depth, ctypes.byref(leaves)), "perft")
        return leaves.value

    def evaluate(self):
        score = ctypes.c_int32()
        self._check(self.lib.leiser_engine_evaluate(self.handle, ctypes.byref(score)), "evaluate")
        return score.value

    def search(self, on_info=None, **limits):
        l = self.lib.leiser_limits_none()
        for key, value in limits.items():
            setattr(l, key, value)
        # The callback object must outlive the call: keep a reference.
        callback = INFO_CALLBACK(lambda info, _: on_info(info.contents)) if on_info else INFO_CALLBACK()
        result = Result()
        self._check(self.lib.leiser_engine_search(self.handle, ctypes.byref(l), callback, None,
                                                  ctypes.byref(result)), "search")
        return result

    def stop(self):
        self.lib.leiser_engine_stop(self.handle)

    def close(self):
        if self.handle:
            self.lib.leiser_engine_destroy(self.handle)
            self.handle = ctypes.c_void_p()


def load(path):
    lib = ctypes.CDLL(path)
    lib.leiser_version.restype = ctypes.c_char_p
    lib.leiser_status_name.restype = ctypes.c_char_p
    lib.leiser_status_name.argtypes = [ctypes.c_int]
    lib.leiser_last_error.restype = ctypes.c_char_p
    lib.leiser_last_error.argtypes = [ctypes.c_void_p]
    lib.leiser_engine_create.argtypes = [ctypes.POINTER(ctypes.c_void_p)]
    lib.leiser_engine_destroy.argtypes = [ctypes.c_void_p]
    lib.leiser_engine_set_option.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p]
    lib.leiser_engine_set_position.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p]
    lib.leiser_engine_get_fen.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t]
    lib.leiser_engine_perft.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_uint64)]
    lib.leiser_engine_evaluate.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int32)]
    lib.leiser_limits_none.restype = Limits
    lib.leiser_engine_search.argtypes = [ctypes.c_void_p, ctypes.POINTER(Limits), INFO_CALLBACK, ctypes.c_void_p,
                                         ctypes.POINTER(Result)]
    lib.leiser_engine_stop.argtypes = [ctypes.c_void_p]
    return lib


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--library", default=os.environ.get("LEISERCHESS_LIBRARY")
                        or ctypes.util.find_library("leiserchess"))
    args = parser.parse_args()
    if not args.library:
        sys.exit("search.py: libleiserchess not found; give --library PATH")
    lib = load(args.library)
    print("version %s" % lib.leiser_version().decode())

    engine = Engine(lib)
    engine.set_option("threads", 1)  # one thread: a depth-limited search is deterministic
    engine.set_option("hash", 16)
    engine.set_option("edition", 2016)
    engine.set_position("startpos", "h4g5 a3a2")
    print("fen %s" % engine.fen())
    print("perft 3 %d" % engine.perft(3))
    print("eval %d" % engine.evaluate())

    def print_info(info):
        score = "mate %d" % info.mate if info.mate else "cp %d" % info.score_cp
        print("info depth %d score %s nodes %d pv %s" % (info.depth, score, info.nodes, info.pv.decode()))

    result = engine.search(print_info, depth=5)
    print("bestmove %s score %d depth %d" % (result.best_move.decode(), result.score_cp, result.depth))

    deepest = [0]

    def stop_at_3(info):  # an info callback may stop the search it reports on
        deepest[0] = max(deepest[0], info.depth)
        if info.depth >= 3:
            engine.stop()

    result = engine.search(stop_at_3, infinite=1)
    print("stopped after depth %d with bestmove %s" % (deepest[0], result.best_move.decode()))

    # Errors come back as exceptions with the status and the message; the
    # engine keeps its position.
    for attempt in (lambda: engine.set_position("not a fen"), lambda: engine.set_option("threads", 0)):
        try:
            attempt()
        except LeiserchessError as e:
            print("error %s" % str(e).split(": ", 1)[1])
    status = lib.leiser_engine_search(engine.handle, ctypes.byref(lib.leiser_limits_none()), INFO_CALLBACK(), None, None)
    print("error %s: %s" % (lib.leiser_status_name(status).decode(), lib.leiser_last_error(engine.handle).decode()))
    print("fen %s" % engine.fen())
    engine.close()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Compares two JUnit Platform console runs (legacy XML reports): A on pgjdbc, B on Sluice.

usage: compare.py REPORTS_A REPORTS_B [--json OUT]

An invocation is one <testcase> (one parameter set of a parameterised test), keyed by its JUnit
unique id. Prints the totals of each run, the invocations passing on A but not on B grouped by
test class and by the first line of B's failure (normalised so that values do not split a group),
and the invocations passing on B but not on A.
"""
import collections
import glob
import json
import os
import re
import sys
import xml.etree.ElementTree as ET

UID = re.compile(r"unique-id: (.+)")


def load(reports):
    """{unique id: (class, status, first line)}; status passed|failed|skipped."""
    cases = {}
    for path in sorted(glob.glob(os.path.join(reports, "TEST-*.xml"))):
        for case in ET.parse(path).getroot().iter("testcase"):
            out = case.findtext("system-out") or ""
            m = UID.search(out)
            key = m.group(1) if m else case.get("classname", "") + "#" + case.get("name", "")
            status, line = "passed", ""
            for tag in ("failure", "error"):
                bad = case.find(tag)
                if bad is not None:
                    status = "failed"
                    line = first_line(bad)
            if status == "passed" and case.find("skipped") is not None:
                status = "skipped"
                line = first_line(case.find("skipped"))
            cases[key] = (case.get("classname", ""), status, line)
    return cases


def first_line(element):
    """The exception's first line: type and message, from the stack trace text if present."""
    text = (element.text or "").strip()
    if text:
        return text.splitlines()[0].strip()
    kind = element.get("type", "")
    msg = (element.get("message") or "").strip().splitlines()
    return (kind + (": " + msg[0] if msg else "")).strip()


MISSING_CLASS = re.compile(r"(NoClassDefFoundError|ClassNotFoundException):? ([\w/.$]+)")
MISSING_METHOD = re.compile(r"NoSuchMethodError: '([^']*)'")
NUMBERS = re.compile(r"(?<![A-Za-z])\d+")


def group(line):
    """A label shared by failures of one cause."""
    m = MISSING_CLASS.search(line)
    if m:
        return "missing pgjdbc class " + m.group(2).replace("/", ".")
    m = MISSING_METHOD.search(line)
    if m:
        return "missing method " + m.group(1)
    if "needs pgjdbc internals" in line:
        return "test kit: " + line.split("needs pgjdbc internals: ", 1)[1].split("(")[0] + " needs pgjdbc internals"
    short = NUMBERS.sub("#", line)
    short = re.sub(r"<[^<>]{0,200}>", "<…>", short)
    return short[:160]


def category(label):
    """The broad kind of a group label."""
    if "missing pgjdbc class" in label:
        return "stopped at a pgjdbc class the drop-in does not provide"
    if label.startswith("missing method"):
        return "a pgjdbc method the drop-in's class lacks"
    if label.startswith("test kit:"):
        return "our driver-neutral test kit cannot answer (pgjdbc internals)"
    if "is not supported" in label:
        return "Sluice refuses a pgjdbc setting or feature"
    if "ClassCastException" in label and "org.postgresql" in label:
        return "an object is not of the pgjdbc type the test casts to"
    if label == "not run on Sluice":
        return "not run on Sluice (no reason found)"
    return "behaviour differs (assertion or error)"


def failed_ancestor(key, failed):
    """The longest of the failed ids whose unique id is a prefix of key's, if any."""
    best = None
    for other in failed:
        if key.startswith(other + "/") and (best is None or len(other) > len(best)):
            best = other
    return best


def read_load_errors(reports):
    """{class: first line} from run.sh's load-errors.tsv, and the Vintage engine's initializationErrors."""
    errors = {}
    path = os.path.join(reports, "load-errors.tsv")
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                name, _, why = line.rstrip("\n").partition("\t")
                errors[name] = why
    return errors


def short_class(name):
    return name.replace("org.postgresql.test.", "")


def main(argv):
    if len(argv) < 3:
        print(__doc__)
        return 2
    a, b = load(argv[1]), load(argv[2])
    for name, run in ((os.path.basename(os.path.normpath(argv[1])) + " (pgjdbc)", a),
                      (os.path.basename(os.path.normpath(argv[2])) + " (Sluice)", b)):
        counts = collections.Counter(status for _, status, _ in run.values())
        print(f"{name}: {len(run)} invocations, {counts['passed']} passed, {counts['failed']} failed, "
              f"{counts['skipped']} skipped")
    passed_a = {k for k, v in a.items() if v[1] == "passed"}
    passed_b = {k for k, v in b.items() if v[1] == "passed"}
    missing = sorted(passed_a - passed_b)
    print(f"passing on both: {len(passed_a & passed_b)}")
    print(f"passing on pgjdbc, not on Sluice: {len(missing)}")
    print(f"passing on Sluice, not on pgjdbc: {len(passed_b - passed_a)}")

    load_errors = read_load_errors(argv[2])
    failed_b = [k for k, v in b.items() if v[1] == "failed"]
    why = collections.Counter()
    by_class = collections.Counter()
    why_class = collections.defaultdict(collections.Counter)
    for key in missing:
        cls = a[key][0]
        if key not in b:
            # absent: its class does not link on Sluice's class path (so Jupiter did not discover
            # it; load-errors.tsv says why), or a container above it failed (a class template's
            # parameters, a @BeforeAll), which then is in B's report with its exception
            parent = failed_ancestor(key, failed_b)
            init = load_errors.get(cls)
            if parent:
                label = group(b[parent][2])
            elif init:
                label = "class does not link: " + group(init)
            else:
                label = "not run on Sluice"
        elif b[key][1] == "skipped":
            label = "skipped on Sluice: " + group(b[key][2])
        else:
            label = group(b[key][2])
        why[label] += 1
        by_class[cls] += 1
        why_class[label][short_class(cls)] += 1

    kinds = collections.Counter()
    for label, n in why.items():
        kinds[category(label)] += n
    print("\n== passing on pgjdbc, not on Sluice, by kind")
    for kind, n in kinds.most_common():
        print(f"{n:6d}  {kind}")
    print("\n== passing on pgjdbc, not on Sluice, by first line of Sluice's failure")
    for label, n in why.most_common():
        top = ", ".join(f"{c} {k}" for c, k in ((short_class(c), k) for c, k in why_class[label].most_common(3)))
        print(f"{n:6d}  {label}\n          in {top}")
    print("\n== passing on pgjdbc, not on Sluice, by test class")
    for cls, n in by_class.most_common():
        total = sum(1 for k in passed_a if a[k][0] == cls)
        print(f"{n:6d} of {total:5d}  {short_class(cls)}")
    print("\n== test classes passing on pgjdbc that pass fully on Sluice")
    classes_a = collections.defaultdict(set)
    for k in passed_a:
        classes_a[a[k][0]].add(k)
    full = sorted(c for c, ks in classes_a.items() if ks <= passed_b)
    for cls in full:
        print(f"{len(classes_a[cls]):6d}  {short_class(cls)}")
    extra = sorted(passed_b - passed_a)
    if extra:
        print("\n== passing on Sluice, not on pgjdbc")
        for key in extra:
            print(f"        {short_class(b[key][0])}  {a.get(key, ('', 'absent', ''))[1]} on pgjdbc "
                  f"{a.get(key, ('', '', ''))[2][:100]}")
    if "--json" in argv:
        out = argv[argv.index("--json") + 1]
        with open(out, "w") as f:
            json.dump({"a": a, "b": b}, f)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

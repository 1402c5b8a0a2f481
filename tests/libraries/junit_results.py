#!/usr/bin/env python3
"""Turns JUnit-style XML reports (mocha's xunit reporter, pytest --junitxml, Maven surefire) into the
results lines run.sh reads: passed|failed<TAB>class: test<TAB>first line of the failure message.
usage: junit_results.py RESULTS REPORT.xml..."""
import sys
import xml.etree.ElementTree as ET

out = open(sys.argv[1], "a", encoding="utf-8")
for report in sys.argv[2:]:
    for case in ET.parse(report).getroot().iter("testcase"):
        if case.find("skipped") is not None:
            continue
        problem = case.find("failure")
        if problem is None:
            problem = case.find("error")
        name = f"{case.get('classname', '')}: {case.get('name', '')}".replace("\t", " ").replace("\n", " ")
        if problem is None:
            out.write(f"passed\t{name}\t\n")
        else:
            text = (problem.get("message") or problem.text or "").strip()
            first = text.splitlines()[0] if text else problem.get("type", "")
            out.write(f"failed\t{name}\t{first}\n")

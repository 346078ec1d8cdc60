# gcnabi's own lit tests (run by `make test`; by hand:
#   python3 /usr/lib/llvm-22/build/utils/lit/lit.py -sv cases/golden/expect tests/lit):
# the golden placements of cases/golden/expect (the model against what real
# llc did, recorded by tests/record_golden.py) and tests/lit (commands on
# fixtures with their exact output). %gcnabi is the sanitizer build
# (--param gcnabi=PATH for another); FileCheck is the newest installed.
import glob
import os
import re

import lit.formats

root = os.path.dirname(os.path.abspath(__file__))
config.name = "gcnabi"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".jsonl", ".test"]
config.test_source_root = root
config.test_exec_root = os.path.join(root, "build", "lit")
# Inputs and reports that are not tests (the reports' repro/ folders are
# suites of their own, with their own lit.cfg.py).
config.excludes = ["fixtures", "corpus", "reports", "build", "harness", "Inputs"]

gcnabi = lit_config.params.get("gcnabi", os.path.join(root, "build", "gcnabi-san"))
config.substitutions.append(("%gcnabi", gcnabi))
config.substitutions.append(("%expect-exit", "sh " + os.path.join(root, "tests", "lit", "expect-exit.sh")))
config.environment["ASAN_OPTIONS"] = "exitcode=99:detect_leaks=1"
config.environment["UBSAN_OPTIONS"] = "halt_on_error=1:exitcode=99"
config.environment["LLVM_DISABLE_SYMBOLIZATION"] = "1"


def llvm_major(path):
    m = re.search(r"llvm-(\d+)/", path)
    return int(m.group(1)) if m else 0


filecheck = sorted(glob.glob("/usr/lib/llvm-*/bin/FileCheck"), key=llvm_major)
if filecheck:
    config.environment["PATH"] = os.path.dirname(filecheck[-1]) + os.pathsep + config.environment.get("PATH", "")

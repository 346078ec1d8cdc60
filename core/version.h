/* gcnabi's own version, defined here once: `gcnabi --version` prints it
 * and every report names it (check's summary.json "gcnabi_version"). Raise
 * it when a report's meaning changes. */
#ifndef GCNABI_VERSION_H
#define GCNABI_VERSION_H

#define GCNABI_VERSION "0.36.0"

#endif

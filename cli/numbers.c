/* Numbers on the command line, the same in every subcommand: digits only
 * (decimal, or 0x hex), within the option's range; a sign, a suffix or a
 * value past the type is a usage error naming the option, never a value
 * silently saturated or wrapped. */
#include <errno.h>
#include <stdlib.h>

#include "cli.h"

bool cli_number(const char *cmd, const char *opt, const char *val, unsigned long long min, unsigned long long max,
		unsigned long long *out)
{
	char *end = 0;
	errno = 0;
	unsigned long long v = val[0] >= '0' && val[0] <= '9' ? strtoull(val, &end, 0) : 0;
	if (!end || *end || errno == ERANGE || v < min || v > max) {
		fprintf(stderr, "gcnabi %s: %s takes a number from %llu to %llu, not '%s'\n", cmd, opt, min, max, val);
		return false;
	}
	*out = v;
	return true;
}

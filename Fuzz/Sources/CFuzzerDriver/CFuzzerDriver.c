// Declarations only; see include/CFuzzerDriver.h.
#include "CFuzzerDriver.h"

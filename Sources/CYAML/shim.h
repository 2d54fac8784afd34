#ifndef THEMELOAD_CYAML_SHIM_H
#define THEMELOAD_CYAML_SHIM_H
#include <yaml.h>
#endif

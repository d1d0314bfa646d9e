#include <stdio.h>
#include <stdlib.h>
#include <locale.h>
#include <editline/readline.h>

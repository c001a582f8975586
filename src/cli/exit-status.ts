/** Every `token-server` command exits with one of these (docs/designers.md, "Exit status"). */
export const EXIT_OK = 0;
/** The command ran and found problems (`validate`: an error), or what it was asked to do failed. */
export const EXIT_FAILED = 1;
/** The command was called wrongly or cannot run as called: nothing was read or changed. */
export const EXIT_USAGE = 2;

/** The exit status table, as every `--help` prints it. */
export const EXIT_STATUS_HELP = `Exit status (every command):
  0  done (validate: no errors; warnings allowed)
  1  problems found or the operation failed (validate: an error; keys: no such label, a keys file with errors;
     serve: could not start, or could not stop within --shutdown-timeout)
  2  wrong call: unknown command or option, a missing or bad value, a file or folder that does not exist`;

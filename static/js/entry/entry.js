// The entry page's scripts, one module per job in this folder, on the
// shared core (../core/). Each enhances one thing and checks for what it
// needs; the page works without any of them.

import { startCells } from "./cells.js";
import { startEnterKey } from "./enter-key.js";
import { startHighlight } from "./highlight.js";
import { startHint } from "./hint-button.js";
import { startHistory } from "./history.js";
import { startKeys } from "./keys.js";
import { startConflicts } from "./live-conflicts.js";
import { startPaste } from "./paste.js";
import { startPhoto } from "./photo.js";
import { startReset } from "./reset.js";
import { startRoving } from "./roving.js";
import { startPad } from "./touch-pad.js";
import { startTyping } from "./typing.js";

startCells(); // first: every other module reads the grid it finds
startRoving(); // next: the others move the active cell it keeps
startKeys();
startTyping();
startHighlight();
startConflicts();
startPaste();
startEnterKey();
startPhoto();
startPad();
startReset();
startHistory();
startHint();

// The entry page's live region (p#entry-status): what paste, Reset and the
// live conflicts did, announced to screen readers. Without it, the region
// stays empty.

import { announcer } from "../core/status.js";

export const announce = announcer("entry-status");

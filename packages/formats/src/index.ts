export const FORMATS_VERSION = 1;

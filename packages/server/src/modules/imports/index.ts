/** The imports area's public face: nothing other areas use yet. */
export {};

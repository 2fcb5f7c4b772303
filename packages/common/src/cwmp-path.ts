// The CWMP path a router posts to (Settings, cwmp.path): "/" or named parts ("/cwmp", "/acs/tr-069")
// of letters, digits and . _ ~ -, with no empty, "." or ".." part and no "/" at the end. The server
// takes a POST to the path as written straight to the CWMP door and Fastify's router matches the
// others; for such a path both read it the same way.

/** "/" or named parts, none of them "." or "..". */
export const CWMP_PATH_PATTERN = /^\/$|^(\/(?!\.\.?(\/|$))[A-Za-z0-9._~-]+)+$/;

export function isCwmpPath(path: string): boolean {
  return CWMP_PATH_PATTERN.test(path);
}

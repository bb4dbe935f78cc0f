/** What the handlers share: parameters, JSON, the same-origin guard of writes, the host check, templates, the error page, single flight, URLs. Uses no feature package. */
package org.emergo.viewer.http;

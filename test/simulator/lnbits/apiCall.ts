// A call to the LNbits flavor as an LNbits client makes it: the key in `X-Api-Key`, JSON both ways.
export async function lnbitsApi(url: string, method: string, path: string, key: string | null, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { ...(key && { 'X-Api-Key': key }), ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, json: (await res.json()) as Record<string, unknown> & { detail?: unknown } }
}

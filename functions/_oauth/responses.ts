/** A plain-text answer for what is shown in the sign-in window without Decap's protocol (a refused request). */
export function textResponse(status: number, message: string): Response {
  return new Response(`${message}\n`, {
    status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

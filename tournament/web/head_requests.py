"""`HEAD` answered as `GET` without the body (uptime monitors use HEAD).

Views that only read declare GET (`require_GET`), which answers HEAD with 405. This middleware runs the request
as a GET and sends the answer's status and headers (its Content-Length the GET's) with no body. A view that
refuses GET refuses HEAD the same way."""

from __future__ import annotations


class HeadAsGet:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method != "HEAD":
            return self.get_response(request)
        request.method = "GET"
        try:
            response = self.get_response(request)
        finally:
            request.method = "HEAD"
        if response.streaming:
            if hasattr(response.streaming_content, "close"):
                response.streaming_content.close()
            response.streaming_content = ()
        else:
            length = len(response.content)
            response.content = b""
            response["Content-Length"] = str(length)
        return response

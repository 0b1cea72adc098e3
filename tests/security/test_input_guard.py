"""The input guards as a client meets them, without a database: a body length that is not a number, a body
too large (plain text, or the API's JSON), a chunked body read within the limit, the larger limit of the
backup upload, and NUL characters in the path, the query, a form or an upload, named in the API's answer."""

from __future__ import annotations

import io
import json

import pytest
from django.http import HttpResponse
from django.test import RequestFactory

from tournament.web.input_guard import LimitRequestBody, RejectNullBytes, request_limit, takes_uploads

FACTORY = RequestFactory()


def seen(request):
    """The view behind the guard: echoes the body it could read, and its declared length."""
    return HttpResponse(f"{request.META.get('CONTENT_LENGTH')}:{request.body.decode()}")


limited = LimitRequestBody(seen)
unread = LimitRequestBody(lambda request: HttpResponse("through"))
guarded = RejectNullBytes(lambda request: HttpResponse("through"))


@pytest.mark.parametrize("length", ["12abc", "-5", "١٢"])
def test_a_body_length_that_is_not_ascii_digits_is_a_400(length):
    response = limited(FACTORY.generic("POST", "/no/such/page/", b"x", CONTENT_LENGTH=length))
    assert response.status_code == 400 and response.content.decode() == "The request has an invalid length."


def test_a_body_over_the_limit_is_a_413_naming_the_limit_and_the_api_answers_json(settings):
    settings.MAX_REQUEST_BYTES = 3 * 2**20
    page = limited(FACTORY.generic("POST", "/no/such/page/", b"x", CONTENT_LENGTH=str(3 * 2**20 + 1)))
    assert page.status_code == 413 and page.content.decode() == "The request is too large: the limit is 3.0 MB."
    assert page["Content-Type"] == "text/plain; charset=utf-8"  # a sentence, not a page of HTML
    api = limited(FACTORY.generic("POST", "/api/calculators/dba-combat/", b"x", CONTENT_LENGTH=str(2**30)))
    assert api.status_code == 413 and json.loads(api.content) == {
        "error": "The request is too large: the limit is 3.0 MB.", "status": 413}
    at_limit = unread(FACTORY.generic("POST", "/no/such/page/", b"abc", CONTENT_LENGTH=str(3 * 2**20)))
    assert at_limit.status_code == 200
    settings.MAX_REQUEST_BYTES = 1_500_000  # the limit in MB to one decimal, as a person reads it
    odd = limited(FACTORY.generic("POST", "/no/such/page/", b"x", CONTENT_LENGTH="1500001"))
    assert odd.content.decode() == "The request is too large: the limit is 1.4 MB."


def chunked(body: bytes, encoding="chunked"):
    request = FACTORY.generic("POST", "/no/such/page/", body, CONTENT_LENGTH="", HTTP_TRANSFER_ENCODING=encoding)
    request.environ["wsgi.input"] = io.BytesIO(body)  # a server's stream: reading past the end gives what there is
    return request


def test_a_chunked_body_within_the_limit_reaches_the_view_whole(settings):
    settings.MAX_REQUEST_BYTES = 8
    assert limited(chunked(b"12345678", "Chunked")).content.decode() == "8:12345678"
    over = chunked(b"123456789" * 100)
    refused = limited(over)
    assert refused.status_code == 413 and refused.content.decode() == "The request is too large: the limit is 0.0 MB."
    assert over.environ["wsgi.input"].tell() == 9  # read no further than one byte past the limit


def test_a_request_without_a_body_is_not_touched():
    assert limited(FACTORY.get("/no/such/page/")).status_code == 200


def test_the_backup_upload_may_be_larger_than_the_site_limit(settings):
    settings.MAX_REQUEST_BYTES = 1024
    assert request_limit(FACTORY.post("/events/import/")) == 20 * 2**20 + 2**16
    assert request_limit(FACTORY.post("/no/such/page/")) == 1024


@pytest.mark.parametrize("request_", [
    FACTORY.get("/events/a\x00b/"), FACTORY.get("/events/", {"q": "a\x00"}), FACTORY.get("/events/", {"q\x00": "a"}),
    FACTORY.post("/events/", "name=x%00", content_type="application/x-www-form-urlencoded"),
], ids=["path", "query value", "query key", "form value"])
def test_a_nul_character_is_a_400(request_):
    response = guarded(request_)
    assert response.status_code == 400 and response.content.decode() == "The request contains a NUL character."


def test_the_api_names_the_parameter_holding_the_nul():
    for query, name in (({"a": "1", "b\x00": "2"}, "b"), ({"\x00": "2"}, "?"), ({"q": ["ok", "no\x00"]}, "q")):
        response = guarded(FACTORY.get("/api/calculators/dba-combat/", query))
        assert response.status_code == 400 and json.loads(response.content) == {
            "error": "The request contains a NUL character.", "param": name}
    assert json.loads(guarded(FACTORY.get("/api/x\x00/")).content)["param"] == "path"


def test_an_upload_is_left_to_its_view_which_checks_it_for_nul():
    upload = FACTORY.post("/events/import/", {"note": "a\x00"})
    assert guarded(upload).content == b"through"  # multipart: not parsed by the middleware

    @takes_uploads(max_bytes=10)
    def view(request):
        return HttpResponse("imported")

    refused = view(FACTORY.post("/api/upload/", {"note": "a\x00"}))
    assert refused.status_code == 400 and json.loads(refused.content) == {
        "error": "The request contains a NUL character.", "status": 400, "param": "note"}
    assert view(FACTORY.post("/upload/", {"note": "fine"})).content == b"imported"
    assert view.max_request_bytes == 10

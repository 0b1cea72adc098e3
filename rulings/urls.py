"""Rules library URLs (included by the project at rulings/)."""

from django.urls import path

from rulings.views import calculators, doubts, finder, flows, library, reading, search

app_name = "rulings"

urlpatterns = [
    path("", library.index, name="index"),
    path("search/", search.search_view, name="search"),
    path("glossary/", library.glossary, name="glossary"),
    path("d/<slug:slug>/", reading.document, name="document"),
    path("s/<str:key>/", reading.section, name="section"),
    path("c/<str:key>/", reading.clause, name="clause"),
    path("cite/<str:citation>/", reading.cite, name="cite"),
    path("calc/", calculators.calc_index, name="calc_index"),
    path("calc/<str:name>/", calculators.calc_page, name="calc"),
    path("flows/", flows.flow_index, name="flows"),
    path("find/", finder.find_view, name="find"),
    path("flows/<slug:flow_id>/", flows.flow_detail, name="flow"),
    path("log/<slug:slug>/", flows.log_view, name="log"),
    path("log/<slug:slug>/record/", flows.log_record, name="log_record"),
    path("doubts/", doubts.doubts_page, name="doubts"),
    path("log/<slug:slug>/doubt/", doubts.doubt_decide, name="doubt_decide"),
]

from django.urls import path

from evaluator import range_views, views

app_name = "evaluator"
urlpatterns = [
    path("", views.learn, name="learn"),
    path("odds/", views.odds, name="odds"),
    path("quiz/", views.quiz, name="quiz"),
    path("ranges/", range_views.ranges_page, name="ranges"),
    path("api/ranges", range_views.ranges_json, name="ranges_json"),
    path("api/ranges/stream", range_views.ranges_stream, name="ranges_stream"),
    path("api/ranges/parse", range_views.parse_json, name="ranges_parse"),
    path("api/evaluate", views.evaluate_json, name="evaluate_json"),
    path("api/equity", views.equity_json, name="equity_json"),
]

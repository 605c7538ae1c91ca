from django.urls import path

from evaluator import views
from pokersite.throttles import throttle_anonymous_equity

app_name = "evaluator"
urlpatterns = [
    path("", views.learn, name="learn"),
    path("odds/", throttle_anonymous_equity(views.odds), name="odds"),
    path("quiz/", views.quiz, name="quiz"),
    path("api/evaluate", views.evaluate_json, name="evaluate_json"),
    path("api/equity", throttle_anonymous_equity(views.equity_json), name="equity_json"),
]

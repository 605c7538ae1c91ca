from django.urls import path

from evaluator import views

app_name = "evaluator"
urlpatterns = [
    path("", views.learn, name="learn"),
    path("odds/", views.odds, name="odds"),
    path("quiz/", views.quiz, name="quiz"),
    path("api/evaluate", views.evaluate_json, name="evaluate_json"),
    path("api/equity", views.equity_json, name="equity_json"),
]

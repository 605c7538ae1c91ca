from django.urls import path

from evaluator import views

app_name = "evaluator"
urlpatterns = [
    path("", views.learn, name="learn"),
]

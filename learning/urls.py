from django.urls import path

from learning import (
    card_views,
    drill_views,
    lesson_views,
    range_views,
    review_views,
    solver_views,
)
from learning import tool_views as views
from pokersite.throttles import throttle_anonymous_equity as throttled

app_name = "learning"
urlpatterns = [
    path("", views.learn, name="learn"),
    path("odds/", throttled(views.odds), name="odds"),
    path("quiz/", views.quiz, name="quiz"),
    path("ranges/", throttled(range_views.ranges_page), name="ranges"),
    path("api/ranges", throttled(range_views.ranges_json), name="ranges_json"),
    path("api/ranges/stream", throttled(range_views.ranges_stream), name="ranges_stream"),
    path("api/ranges/parse", range_views.parse_json, name="ranges_parse"),
    path("api/evaluate", views.evaluate_json, name="evaluate_json"),
    path("solver/", throttled(solver_views.solver_page), name="solver"),
    path("solver/hand/<int:hand_id>/<int:index>/", solver_views.solve_decision,
         name="solve_decision"),
    path("api/solver/status", throttled(solver_views.status_json), name="solver_status"),
    path("api/solver/cancel", solver_views.cancel_json, name="solver_cancel"),
    path("lessons/", lesson_views.lessons, name="lessons"),
    path("lessons/<slug:slug>/", lesson_views.lesson, name="lesson"),
    path("drills/<slug:theme>/", throttled(drill_views.drill), name="drill"),  # deals cost CPU
    path("progress/", lesson_views.progress, name="progress"),
    path("cards/", card_views.next_card, name="cards"),
    path("cards/<int:card_id>/", card_views.card, name="card"),
    path("review/", review_views.review_session_page, name="review_session"),
    path("review/<int:hand_id>/", review_views.review_hand_page, name="review_hand"),
    path("api/equity", throttled(views.equity_json), name="equity_json"),
]

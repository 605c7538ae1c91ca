from django.urls import path

from clubs import night_views, season_views, views

app_name = "clubs"

NIGHT = "<int:club_id>/nights/<int:night_id>/"

urlpatterns = [
    path("", views.my_clubs, name="mine"),
    path("new/", views.create, name="create"),
    path("handles/", views.handles, name="handles"),
    path("join/<str:code>/", views.join, name="join"),
    path("<int:club_id>/", views.club, name="club"),
    path("<int:club_id>/requests/<int:request_id>/", views.answer, name="answer"),
    path("<int:club_id>/leave/", views.leave, name="leave"),
    path("<int:club_id>/members/<int:user_id>/", views.member, name="member"),
    path("<int:club_id>/remove/", views.remove, name="remove"),
    path("<int:club_id>/role/", views.role, name="role"),
    path("<int:club_id>/tables/new/", views.new_table, name="new_table"),
    path("<int:club_id>/tournaments/new/", views.new_tournament, name="new_tournament"),
    path("<int:club_id>/tables/<int:table_id>/access/", views.table_access,
         name="table_access"),
    path("<int:club_id>/nights/new/", night_views.create, name="create_night"),
    path("<int:club_id>/seasons/new/", season_views.create, name="create_season"),
    path("<int:club_id>/seasons/<int:season_id>/", season_views.season, name="season"),
    path(NIGHT, night_views.night, name="night"),
    path(NIGHT + "add/", night_views.add, name="add"),
    path(NIGHT + "settle/", night_views.settle, name="settle"),
    path(NIGHT + "reopen/", night_views.reopen, name="reopen"),
    path(NIGHT + "corrections/", night_views.correction, name="correct"),
    path(NIGHT + "transfers/<int:transfer_id>/paid/", night_views.paid, name="paid"),
    path(NIGHT + "results.csv", night_views.results_csv, name="results_csv"),
    path(NIGHT + "settle-up.csv", night_views.transfers_csv, name="transfers_csv"),
    path(NIGHT + "summary.txt", night_views.summary_txt, name="summary"),
]

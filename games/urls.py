from django.contrib.auth import views as auth_views
from django.urls import path

from games import accounts, player_views, push_views, tournament_views, views
from games.bots import coach, practice
from pokersite.throttles import throttle_guests, throttle_logins

urlpatterns = [
    path("", views.home, name="home"),
    path("tables/new/", views.create_table, name="create_table"),
    path("tables/<int:table_id>/", views.table, name="table"),
    path("invite/<str:code>/", views.invite, name="invite"),
    path("tournaments/", tournament_views.lobby, name="tournaments"),
    path("tournaments/new/", tournament_views.create, name="create_tournament"),
    path("tournaments/<int:tournament_id>/", tournament_views.detail, name="tournament"),
    path("tournaments/invite/<str:code>/", tournament_views.invite, name="tournament_invite"),
    path("tournaments/<int:tournament_id>/now/", tournament_views.now, name="tournament_now"),
    path("tournaments/<int:tournament_id>/register/", tournament_views.register,
         name="tournament_register"),
    path("tournaments/<int:tournament_id>/unregister/", tournament_views.unregister,
         name="tournament_unregister"),
    path("tournaments/<int:tournament_id>/start/", tournament_views.start,
         name="tournament_start"),
    path("tournaments/<int:tournament_id>/rebuy/", tournament_views.rebuy,
         name="tournament_rebuy"),
    path("tournaments/<int:tournament_id>/add-on/", tournament_views.addon,
         name="tournament_addon"),
    path("tournaments/<int:tournament_id>/deal/", tournament_views.propose_deal,
         name="tournament_deal"),
    path("tournaments/<int:tournament_id>/deal/answer/", tournament_views.answer_deal,
         name="tournament_deal_answer"),
    path("practice/", practice.practice, name="practice"),
    path("tables/<int:table_id>/bots/", practice.add_bots, name="add_bots"),
    path("tables/<int:table_id>/coach-setting/", practice.allow_coach, name="allow_coach"),
    path("tables/<int:table_id>/coach/", coach.coach, name="coach"),
    path("settings/", player_views.settings_page, name="player_settings"),
    path("notes/", player_views.notes, name="player_notes"),
    path("push/subscriptions/", push_views.subscribe, name="push_subscribe"),
    path("guest/", throttle_guests(accounts.play_as_guest), name="guest"),
    path("signup/", accounts.signup, name="signup"),
    path("claim/", accounts.claim_account, name="claim"),
    path("login/", throttle_logins(auth_views.LoginView.as_view()), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
]

# Renders Rodauth's pages in the application layout and runs its CSRF checks.
class RodauthController < ApplicationController
end

class TrailsController < ApplicationController
  before_action :set_trail, only: %i[show]

  def index
    @trails = Trail.order(:id)
  end

  def show
  end

  private

  def set_trail
    @trail = Trail.find(params.expect(:id))
  end
end

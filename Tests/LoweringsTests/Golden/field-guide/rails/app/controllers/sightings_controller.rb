class SightingsController < ApplicationController
  before_action :set_sighting, only: %i[show edit update destroy]

  def index
    @sightings = Sighting.order(:id)
  end

  def show
  end

  def new
    @sighting = Sighting.new
  end

  def edit
  end

  def create
    @sighting = Sighting.new(sighting_params)

    if @sighting.save
      redirect_to @sighting, notice: "Sighting was created."
    else
      render :new, status: :unprocessable_content
    end
  end

  def update
    if @sighting.update(sighting_params)
      redirect_to @sighting, notice: "Sighting was updated.", status: :see_other
    else
      render :edit, status: :unprocessable_content
    end
  end

  def destroy
    @sighting.destroy!
    redirect_to sightings_path, notice: "Sighting was deleted.", status: :see_other
  end

  private

  def set_sighting
    @sighting = Sighting.find(params.expect(:id))
  end

  def sighting_params
    params.expect(sighting: [:species, :seen_on, :notes])
  end
end

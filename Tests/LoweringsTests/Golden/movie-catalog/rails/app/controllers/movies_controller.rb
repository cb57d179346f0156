class MoviesController < ApplicationController
  before_action :set_movie, only: %i[show edit update destroy]

  def index
    @movies = Movie.includes(:director).order(:id)
  end

  def show
  end

  def new
    @movie = Movie.new
  end

  def edit
  end

  def create
    @movie = Movie.new(movie_params)

    if @movie.save
      redirect_to @movie, notice: "Movie was created."
    else
      render :new, status: :unprocessable_content
    end
  end

  def update
    if @movie.update(movie_params)
      redirect_to @movie, notice: "Movie was updated.", status: :see_other
    else
      render :edit, status: :unprocessable_content
    end
  end

  def destroy
    @movie.destroy!
    redirect_to movies_path, notice: "Movie was deleted.", status: :see_other
  end

  private

  def set_movie
    @movie = Movie.find(params.expect(:id))
  end

  def movie_params
    params.expect(movie: [:title, :released_on, :synopsis, :director_id])
  end
end
